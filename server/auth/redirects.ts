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

/** The pages of the app that auth links and OAuth send the browser back to. */
export const APP_RETURN_PATHS = ['/auth/callback', '/reset-password'] as const;

/**
 * The origin the app should ask auth e-mails and OAuth to return to, for a page served at
 * `pageOrigin`: that origin when the allow-list already accepts every return path on it, else
 * SITE_URL's. The page's origin only ever selects among configured origins; it never adds one.
 */
export function authReturnOrigin(config: Pick<Config, 'SITE_URL' | 'ADDITIONAL_REDIRECT_URLS'>, pageOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(pageOrigin).origin;
  } catch {
    return new URL(config.SITE_URL).origin;
  }
  const accepted = APP_RETURN_PATHS.every((path) => isAllowedRedirect(config, new URL(path, origin)));
  return accepted ? origin : new URL(config.SITE_URL).origin;
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
  // \u0000 stands in for `**` while single `*` is expanded: no pattern can contain it.
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/.]*');
  // eslint-disable-next-line no-control-regex -- the placeholder is a control character on purpose
  return new RegExp('^' + escaped.replace(/\u0000/g, '.*') + '$').test(href);
}
