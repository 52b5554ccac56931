import type { Config } from '../config.ts';
import { validationFailed } from './errors.ts';

/**
 * redirect_to must stay on the site's origin or match the allow-list (ADDITIONAL_REDIRECT_URLS:
 * full URL prefixes, `*` matching within one path segment or host label). Anything else is refused
 * rather than silently replaced, so a mistyped link fails loudly and nothing is an open redirect.
 */
export function resolveRedirect(config: Pick<Config, 'SITE_URL' | 'ADDITIONAL_REDIRECT_URLS'>, requested: unknown): string {
  if (requested === undefined || requested === null || requested === '') return config.SITE_URL;
  if (typeof requested !== 'string') throw validationFailed('redirect_to must be a URL');
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    throw validationFailed('redirect_to must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw validationFailed('redirect_to must be an http(s) URL');
  if (url.username || url.password) throw validationFailed('redirect_to must not contain credentials');
  if (isAllowedRedirect(config, url)) return url.toString();
  throw validationFailed('redirect_to is not an allowed redirect URL for this site');
}

export function isAllowedRedirect(config: Pick<Config, 'SITE_URL' | 'ADDITIONAL_REDIRECT_URLS'>, url: URL): boolean {
  if (url.origin === new URL(config.SITE_URL).origin) return true;
  const href = url.toString();
  return config.ADDITIONAL_REDIRECT_URLS.some((pattern) => globMatches(pattern, href));
}

function globMatches(pattern: string, href: string): boolean {
  if (!pattern.includes('*')) {
    // A bare origin allows every path on it; otherwise the entry is a prefix ending at a boundary.
    const p = pattern.replace(/\/$/, '');
    return href === p || href.startsWith(p + '/') || href.startsWith(p + '?') || href.startsWith(p + '#');
  }
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/.]*');
  return new RegExp('^' + escaped.replace(/\u0000/g, '.*') + '$').test(href);
}
