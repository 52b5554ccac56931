import type { Context } from 'hono';
import type { Config } from '../config.ts';
import { isLoopbackHost, isLoopbackUrl } from './client-ip.ts';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

type OriginConfig = Pick<Config, 'SITE_URL' | 'ADDITIONAL_REDIRECT_URLS'>;

/**
 * The public origin written into pages, feeds, sitemap, robots.txt, API image URLs and the
 * Supabase URL handed to the SPA: the origin of the request's Host only when that host is one the
 * site is configured to be reached at (SITE_URL's, an ADDITIONAL_REDIRECT_URLS entry's, or any
 * loopback name while SITE_URL itself is loopback), else SITE_URL's. A foreign Host is never
 * reflected (finding L16, decision 105), so the answers a cache keys on this origin form a small,
 * configured set.
 */
export function publicOrigin(c: Context, config: OriginConfig): string {
  return originForHost(config, c.req.header('host'), new URL(c.req.url).protocol);
}

/** publicOrigin's rule on its own: the Host header and the protocol the request came in on. */
export function originForHost(config: OriginConfig, host: string | undefined, requestProtocol: string): string {
  const site = new URL(config.SITE_URL);
  if (!host || !HOST.test(host)) return site.origin;
  const wanted = host.toLowerCase();
  if (wanted === site.host.toLowerCase()) return site.origin;
  const configured = configuredOrigins(config).get(wanted);
  if (configured) return configured;
  if (isLoopbackUrl(config.SITE_URL) && isLoopbackHost(wanted)) return `${requestProtocol}//${wanted}`;
  return site.origin;
}

const cache = new WeakMap<readonly string[], Map<string, string>>();

/** host → origin of every ADDITIONAL_REDIRECT_URLS entry with a literal host (a wildcard host names no one origin). */
function configuredOrigins(config: OriginConfig): Map<string, string> {
  let origins = cache.get(config.ADDITIONAL_REDIRECT_URLS);
  if (!origins) {
    origins = new Map();
    for (const entry of config.ADDITIONAL_REDIRECT_URLS) {
      const authority = /^(https?:)\/\/([^/?#]+)/i.exec(entry);
      if (!authority || authority[2]!.includes('*')) continue;
      try {
        const url = new URL(`${authority[1]}//${authority[2]}`);
        origins.set(url.host.toLowerCase(), url.origin);
      } catch {
        // Not a URL: it allows no origin.
      }
    }
    cache.set(config.ADDITIONAL_REDIRECT_URLS, origins);
  }
  return origins;
}
