import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/** Node's own request behind a Hono context, when it came in through the Node server. */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * A request header (name in lower case). Read from Node's parsed headers where there are some:
 * Hono's c.req.header() builds a web Headers object for the request first.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
