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
