import { Hono, type Context } from 'hono';
import { nodeRequest, requestHeader } from '../http/node-request.ts';
import type { ServerContext } from '../context.ts';
import type { ApiRole } from '../security/jwt.ts';
import { JwtError, MissingApiKeyError, type RequestAuth } from '../security/request-auth.ts';
import { authenticateCached } from './auth-cache.ts';
import { RestError, toRestError } from './errors.ts';
import { handleRpc } from './handlers/rpc.ts';
import type { Reply, RequestScope } from './handlers/scope.ts';
import { handleTable } from './handlers/table.ts';
import { negotiate } from './http/negotiate.ts';
import { parsePrefer } from './parse/prefer.ts';

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
      info: { method, path, headers: requestHeaders(c) },
      snap: ctx.schemaCache.snapshot,
      search: queryStart === -1 ? '' : url.slice(queryStart + 1),
    };
    return send(c, await handler(scope));
  } catch (err) {
    return send(c, errorReply(toRestError(err, role)));
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

/** request.headers as PostgREST sets it, minus credentials; from Node's own parsed headers when there. */
function requestHeaders(c: Context): string {
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
  return JSON.stringify(out);
}

function errorReply(e: RestError): Reply {
  return { status: e.status, body: JSON.stringify(e.toJSON()), headers: { 'Content-Type': 'application/json; charset=utf-8', ...e.headers } };
}

function send(c: Context, reply: Reply): Response {
  const body = c.req.method === 'HEAD' || reply.status === 204 ? null : reply.body;
  return new Response(body, { status: reply.status, headers: reply.headers });
}
