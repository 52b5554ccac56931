import { Hono, type Context } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import { nodeRequest, requestHeader } from '../http/node-request.ts';
import { requestIdOf } from '../ops/request-id.ts';
import { publicOrigin } from '../http/origin.ts';
import type { ServerContext } from '../context.ts';
import { negotiateCompression } from '../http/compression.ts';
import type { ApiRole } from '../security/jwt.ts';
import { JwtError, KeyInUrlError, MissingApiKeyError, type RequestAuth } from '../security/request-auth.ts';
import { SessionEndedError } from '../security/session-liveness.ts';
import { authenticateCached } from './auth-cache.ts';
import { RestError, sessionEnded, toRestError } from './errors.ts';
import { handleRpc } from './handlers/rpc.ts';
import type { Reply, RequestScope } from './handlers/scope.ts';
import { handleTable } from './handlers/table.ts';
import { negotiate } from './http/negotiate.ts';
import { parsePrefer } from './parse/prefer.ts';
import { answerClientWentAway, clientWentAway } from '../http/node-request.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const HIDDEN_HEADERS = new Set(['authorization', 'apikey', 'cookie']);

/** /rest/v1: a PostgREST-compatible API over schema public, generic over the schema cache. */
export function restRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  // Bodies are read, and limited to MAX_BODY_BYTES, by http/body.ts as handlers need them.
  app.all('/rpc/:fn', (c) => respond(ctx, c, (scope) => handleRpc(scope, c.req.param('fn'))));
  app.all('/:table', (c) => respond(ctx, c, (scope) => handleTable(scope, c.req.param('table'))));
  app.all('*', (c) => send(c, errorReply(new RestError(404, 'PGRST125', 'Invalid path specified in request URL'))));
  return app;
}

async function respond(ctx: ServerContext, c: Context, handler: (scope: RequestScope) => Promise<Reply>): Promise<Response> {
  let role: ApiRole = 'anon';
  try {
    const method = c.req.method;
    if (!METHODS.has(method)) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const auth = await authenticateOrThrow(c, ctx);
    role = auth.role;
    const session = liveSessionToCheck(ctx, auth);
    const profile = requestHeader(c, method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile');
    if (profile && profile !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
    }
    // The path and query as sent; the query is parsed only when a statement has to be built.
    const url = c.req.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const queryStart = url.indexOf('?', pathStart);
    const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    const scope: RequestScope = {
      ctx,
      c,
      method,
      auth,
      prefs: parsePrefer(requestHeader(c, 'prefer')),
      media: negotiate(requestHeader(c, 'accept')),
      info: { method, path, headers: requestHeaders(c, ctx), statementTimeout: statementTimeoutFor(ctx, role) },
      snap: ctx.schemaCache.snapshot,
      search: queryStart === -1 ? '' : url.slice(queryStart + 1),
      session,
    };
    return send(c, portableUrls(ctx, c, await handler(scope)));
  } catch (err) {
    if (clientWentAway(c, err)) return answerClientWentAway(c, ctx.logger, requestIdOf(c));
    return send(c, errorReply(toRestError(err, role, ctx.logger, requestIdOf(c))));
  }
}

async function authenticateOrThrow(c: Context, ctx: ServerContext): Promise<RequestAuth> {
  try {
    return await authenticateCached(c, ctx.keys);
  } catch (err) {
    if (err instanceof MissingApiKeyError) {
      // What the Supabase gateway answers before a request ever reaches PostgREST.
      throw new RestError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
    }
    if (err instanceof JwtError) {
      const expired = err.reason === 'expired';
      const token = (requestHeader(c, 'authorization') ?? '').replace(/^Bearer\s+/i, '') || requestHeader(c, 'apikey') || '';
      const parts = token.split('.').length;
      const message = expired
        ? 'JWT expired'
        : err instanceof KeyInUrlError
          ? err.message
          : parts !== 3
            ? `Expected 3 parts in JWT; got ${parts}`
            : err.message === 'invalid JWT'
              ? 'No suitable key or wrong key type'
              : err.message;
      throw new RestError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
      });
    }
    throw err;
  }
}

/** The session this request checks in its own statements, if any; an ended one is refused here. */
function liveSessionToCheck(ctx: ServerContext, auth: RequestAuth) {
  try {
    return ctx.sessions.toCheck(auth);
  } catch (err) {
    if (err instanceof SessionEndedError) throw sessionEnded(err.reason);
    throw err;
  }
}

/** statement_timeout for the request's role, as Supabase sets it per role; null: the database's own. */
function statementTimeoutFor(ctx: ServerContext, role: ApiRole): string | null {
  if (role === 'anon') return ctx.config.STATEMENT_TIMEOUT_ANON;
  if (role === 'authenticated') return ctx.config.STATEMENT_TIMEOUT_AUTHENTICATED;
  return null;
}

/**
 * request.headers as PostgREST sets it, minus credentials; from Node's own parsed headers when there.
 * x-real-ip is the client address this server resolved (TRUST_PROXY aware), never the client's
 * own claim: SQL reads it to group votes by network (db/migrations/0091).
 */
function requestHeaders(c: Context, ctx: ServerContext): string {
  const out: Record<string, string> = {};
  const incoming = nodeRequest(c);
  if (incoming) {
    for (const [key, value] of Object.entries(incoming.headers)) {
      if (value !== undefined && !HIDDEN_HEADERS.has(key)) out[key] = Array.isArray(value) ? value.join(', ') : value;
    }
  } else {
    c.req.raw.headers.forEach((value, key) => {
      if (!HIDDEN_HEADERS.has(key)) out[key] = value;
    });
  }
  // The server's words, never the client's: where the request came from (TRUST_PROXY rules) and
  // its id, which the staff audit log records (0308).
  out['x-real-ip'] = clientIp(c, ctx.config.TRUST_PROXY);
  const requestId = requestIdOf(c);
  if (requestId) out['x-request-id'] = requestId;
  else delete out['x-request-id'];
  return JSON.stringify(out);
}

/** This server's own image URLs follow the site to the origin the request came to (0080). */
function portableUrls(ctx: ServerContext, c: Context, reply: Reply): Reply {
  if (!reply.body) return reply;
  const body = ctx.publicUrls.rewrite(reply.body, publicOrigin(c, ctx.config));
  return body === reply.body ? reply : { ...reply, body };
}

function errorReply(e: RestError): Reply {
  return { status: e.status, body: JSON.stringify(e.toJSON()), headers: { 'Content-Type': 'application/json; charset=utf-8', ...e.headers } };
}

/** The reply as a Response, compressed when it is large enough and the client accepts it. */
async function send(c: Context, reply: Reply): Promise<Response> {
  const body = c.req.method === 'HEAD' || reply.status === 204 ? null : reply.body;
  if (body === null) return new Response(null, { status: reply.status, headers: reply.headers });
  const compressed = await negotiateCompression(body, reply.headers['Content-Type'] ?? '', requestHeader(c, 'accept-encoding'));
  return new Response(compressed.body, { status: reply.status, headers: { ...reply.headers, ...compressed.headers } });
}
