import type { Context, MiddlewareHandler } from 'hono';
import { AuthError, authErrorResponse } from '../auth/errors.ts';
import type { ServerContext } from '../context.ts';
import { RestError } from '../rest/errors.ts';
import { renderError, StorageError } from '../storage/errors.ts';

export const DISK_FULL_MESSAGE = "The server's disk is almost full: changes are refused until space is freed. Reading still works.";

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UPLOAD = /^\/storage\/v1\/object\//;

/** The refusal in the shape of the API that was called, with 507 Insufficient Storage. */
function refusal(c: Context, path: string): Response {
  c.header('Retry-After', '60');
  if (path.startsWith('/rest/v1/')) {
    const e = new RestError(507, '53100', DISK_FULL_MESSAGE, null, 'Check free disk space.');
    return c.json(e.toJSON(), 507);
  }
  if (path.startsWith('/auth/v1/')) return authErrorResponse(c, new AuthError(507, 'unexpected_failure', DISK_FULL_MESSAGE));
  if (path.startsWith('/storage/v1/')) return renderError(c, new StorageError(507, 'InsufficientStorage', DISK_FULL_MESSAGE, 507));
  return c.json({ error: 'insufficient_storage', message: DISK_FULL_MESSAGE }, 507);
}

/**
 * Refuses writes while the disk guard says the disk is almost full. On PGlite the database lives
 * on that disk, so every API write is refused; on Postgres only uploads write there.
 */
export function diskGate(ctx: Pick<ServerContext, 'diskGuard' | 'db'>): MiddlewareHandler {
  const everyWrite = ctx.db.kind === 'pglite';
  return async (c, next) => {
    if (!ctx.diskGuard.low || READS.has(c.req.method)) return next();
    const path = c.req.path;
    if (everyWrite || UPLOAD.test(path)) return refusal(c, path);
    return next();
  };
}
