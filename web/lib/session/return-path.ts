import type { Location } from 'react-router-dom';

/** What a guard puts in navigation state for /signin, so sign-in can return to the page. */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const NOT_A_DESTINATION = ['/signin', '/signup', '/auth/callback', '/forgot-password', '/reset-password'];

/**
 * A same-site path to go back to, or '/'. Only a relative path counts: one slash, then no
 * second slash or backslash (browsers read `/\host` as `//host`), no control characters, and
 * it must stay on this origin once parsed; so `//evil.example`, `https://evil.example`,
 * `/\evil.example` and `javascript:` all fall back to '/' (no open redirect).
 */
export function safeReturnPath(path: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path) || /[\\\u0000-\u001f\u007f]/.test(path)) return '/';
  const base = 'http://return.invalid';
  try {
    const url = new URL(path, base);
    if (url.origin !== base || NOT_A_DESTINATION.includes(url.pathname)) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/**
 * Where sign-in goes next: the guarded page the visitor came from, else home (safeReturnPath).
 */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return safeReturnPath(`${from.pathname}${search}${hash}`);
}
