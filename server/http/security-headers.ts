import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. The CSP allows only the site's own scripts; images may come from
 * any http(s) origin because makers link screenshots hosted elsewhere.
 */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
  };
}
