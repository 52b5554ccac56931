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

/** A request body read stopped because the client closed the connection before sending all of it. */
export class ClientWentAway extends Error {
  constructor() {
    super('the client closed the connection before sending all of its request');
  }
}

/**
 * The client closed the connection before its request was read in full (our body reader says so,
 * or Node fails the read with `aborted`/ECONNRESET): nobody is left to answer, and it is not the
 * server's fault, so every protocol answers it with `answerClientWentAway`, not as an unexpected
 * error with a stack that would bury the errors that matter.
 */
export function clientWentAway(c: Context, err: unknown): boolean {
  if (err instanceof ClientWentAway) return true;
  const incoming = nodeRequest(c);
  if (!incoming || incoming.complete) return false;
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ECONNRESET' || e?.message === 'aborted';
}

/** One debug line (the access log's level), and an answer nobody receives. */
export function answerClientWentAway(c: Context, logger: { debug(msg: string, fields?: Record<string, unknown>): void }, reqId: string | undefined): Response {
  logger.debug('the client closed the connection mid-request', { reqId, method: c.req.method, path: c.req.path });
  return c.body(null, 400);
}
