import type { Config } from '../config.ts';

/**
 * The host outbound links carry as ?ref= (decision 237): OUTBOUND_REF's, SITE_URL's when it is
 * empty, none ('') when it is "off". The page's meta tag and the server's drawing both use it.
 */
export function outboundRefHost(config: Pick<Config, 'OUTBOUND_REF' | 'SITE_URL'>): string {
  if (config.OUTBOUND_REF === 'off') return '';
  return config.OUTBOUND_REF || new URL(config.SITE_URL).hostname;
}
