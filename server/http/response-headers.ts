import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_RESPONSE_HEADERS, isApiPath, isPrivateApiPath } from './cors.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

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
    for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]!);
    if (req.url && isApiPath(req.url)) {
      for (const name in CORS_RESPONSE_HEADERS) res.setHeader(name, CORS_RESPONSE_HEADERS[name]!);
      // Tokens and user data: no cache along the way or in the browser keeps them (finding I2).
      if (isPrivateApiPath(req.url)) res.setHeader('Cache-Control', 'no-store');
    }
    listener(req, res);
  };
}
