import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_RESPONSE_HEADERS, isApiPath, isPrivateApiPath } from './cors.ts';
import { FRAMABLE_SECURITY_HEADERS, isFramablePath, SECURITY_HEADERS } from './security-headers.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Sets the security headers, and CORS on API paths, on the Node response before the app runs.
 * A handler's own value for a header still wins (writeHead takes precedence over setHeader).
 * Doing this here rather than in middleware keeps @hono/node-server on its fast path: a header
 * set on a finished Response turns its light response into a full web Response whose body is
 * then streamed in several writes.
 */
export function withResponseHeaders(listener: Listener): Listener {
  return (req, res) => {
    // Every response refuses to be framed but the embeddable cards' (decision 259).
    const headers = req.url && isFramablePath(req.url) ? FRAMABLE_SECURITY_HEADERS : SECURITY_HEADERS;
    for (const name in headers) res.setHeader(name, headers[name]!);
    if (req.url && isApiPath(req.url)) {
      for (const name in CORS_RESPONSE_HEADERS) res.setHeader(name, CORS_RESPONSE_HEADERS[name]!);
      // Tokens and user data: no cache along the way or in the browser keeps them (finding I2).
      if (isPrivateApiPath(req.url)) res.setHeader('Cache-Control', 'no-store');
    }
    listener(req, res);
  };
}
