import type { Context } from 'hono';
import type { Config } from '../config.ts';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The public origin for links and for the Supabase URL handed to the SPA: SITE_URL when the
 * request came to that host (so a TLS-terminating proxy keeps https), else the origin the
 * browser used (a LAN address, a test server's random port). A malformed Host falls back to SITE_URL.
 */
export function publicOrigin(c: Context, config: Pick<Config, 'SITE_URL'>): string {
  const site = new URL(config.SITE_URL);
  const host = c.req.header('host');
  if (!host || !HOST.test(host) || host.toLowerCase() === site.host.toLowerCase()) return site.origin;
  const protocol = new URL(c.req.url).protocol;
  return `${protocol}//${host}`;
}
