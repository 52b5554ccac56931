import type { Location } from 'react-router-dom';

/** What a guard puts in navigation state for /signin, so sign-in can return to the page. */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const NOT_A_DESTINATION = ['/signin', '/signup', '/auth/callback', '/forgot-password', '/reset-password'];

/**
 * Where sign-in goes next: the guarded page the visitor came from, else home. Only same-site
 * paths count, so navigation state can never send anyone to another origin.
 */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (NOT_A_DESTINATION.includes(from.pathname)) return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
