import { env } from '../env.ts';

/**
 * Where auth e-mails and GitHub sign-in bring the browser back. The origin is one the auth server
 * accepts as redirect_to (decision 130): the page's own, or SITE_URL's when the site was opened on
 * an address the server does not list, so sign-up never fails for the address it was opened on.
 */
export function authCallbackUrl(flow?: 'signup'): string {
  return `${env.authReturnOrigin}/auth/callback${flow ? `?flow=${flow}` : ''}`;
}

export function resetPasswordUrl(): string {
  return `${env.authReturnOrigin}/reset-password`;
}

/**
 * The host links will open on, when it is not the one in the address bar (else null). The server's
 * render of a page (decision 203) has no address bar: null, and the browser says it if it must.
 */
export function otherReturnHost(): string | null {
  if (import.meta.env.SSR) return null;
  return env.authReturnOrigin === window.location.origin ? null : new URL(env.authReturnOrigin).host;
}
