import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { nodeRequest } from '../http/node-request.ts';

const REQUEST_ID = Symbol('requestId');
type Tagged = IncomingMessage & { [REQUEST_ID]?: string };

/** An id a proxy in front already gave the request is kept, when it looks like one. */
const ACCEPTABLE = /^[\w.:-]{8,128}$/;

/** Gives the request its id (the caller's X-Request-Id, or a new one) and answers it. */
export function assignRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && ACCEPTABLE.test(given) ? given : randomUUID();
  (req as Tagged)[REQUEST_ID] = id;
  return id;
}

/** The id of the request behind a Hono context, for log lines about it. */
export function requestIdOf(c: Context): string | undefined {
  return (nodeRequest(c) as Tagged | undefined)?.[REQUEST_ID];
}
