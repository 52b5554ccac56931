import { VIDEO_FRAME_ORIGINS } from '../../domain/richer-projects.ts';

/**
 * The Content-Security-Policy of every response: only the site's own scripts and styles. Styles
 * that a page's components inject at run time (the dialogs' scroll lock) carry the nonce of their
 * index.html, given to the app in a meta tag (web/lib/style-nonce.ts); nothing inline runs
 * otherwise. Images may come from any https origin on purpose: makers link screenshots and
 * avatars hosted elsewhere (decision 101).
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Demo videos (issue 17): exactly the players domain/richer-projects.ts frames, on a click.
    `frame-src ${VIDEO_FRAME_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The one family of pages another site may frame: the embeddable cards, /embed/… (issue 33,
 * decision 259). Decided on the raw request path, before any routing: only letters, digits, "-",
 * "_" and single slashes, so no "..", "%2e", "//" or "\\" spelling can reach another route
 * (which the router would normalize) while the header check still says "embed".
 */
const FRAMABLE_PATH = /^\/embed(\/[A-Za-z0-9_-]+)+\/?$/;

export function isFramablePath(url: string): boolean {
  const q = url.search(/[?#]/);
  return FRAMABLE_PATH.test(q === -1 ? url : url.slice(0, q));
}

/**
 * The headers of a framable response: no X-Frame-Options, and a CSP that lets any page frame it
 * but allows nothing else; the card's own handler replaces it with the card's policy
 * (server/embeds/card-page.ts). A 404 under /embed/ is framable too, and shows nothing.
 */
export const FRAMABLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
