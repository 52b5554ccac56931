import { TEXT_LIMITS } from './limits.ts';

/**
 * The same rule as showcase_private.is_http_url in the database: http(s) only, a plain host name
 * (no user-info part that could disguise the real host), no spaces.
 */
const HTTP_URL = /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?([/?#]\S*)?$/i;

export function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= TEXT_LIMITS.url && HTTP_URL.test(value);
}

/**
 * The spec's live and GitHub URLs are optional free text. Blank means "none" (stored as null);
 * a bare host such as "example.com/app" gets https:// in front; anything else is kept as typed
 * and must then pass isHttpUrl.
 */
export function normalizeOptionalUrl(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  if (/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+([/:?#]\S*)?$/i.test(trimmed)) return `https://${trimmed}`;
  return trimmed;
}

/** For rendering user-supplied links and images: the URL when it is http(s), otherwise nothing. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  return isHttpUrl(value) ? value : undefined;
}
