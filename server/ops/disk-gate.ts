import type { Context, MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.ts';

export const DISK_FULL_MESSAGE = "The server's disk is almost full: changes are refused until space is freed. Reading still works.";

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UPLOAD = /^\/storage\/v1\/object\//;

/**
 * How one API says "507 Insufficient Storage" in its own error shape. Each protocol exports its own
 * (auth, REST and storage errors.ts), so this gate knows none of their shapes.
 */
export type DiskFullRenderer = (c: Context, message: string) => Response;

/** The refusal in the shape of the API that was called (by path prefix), with 507 Insufficient Storage. */
function refusal(c: Context, path: string, renderers: Readonly<Record<string, DiskFullRenderer>>): Response {
  c.header('Retry-After', '60');
  for (const [prefix, render] of Object.entries(renderers)) if (path.startsWith(prefix)) return render(c, DISK_FULL_MESSAGE);
  return c.json({ error: 'insufficient_storage', message: DISK_FULL_MESSAGE }, 507);
}

/**
 * Refuses writes while the disk guard says the disk is almost full. On PGlite the database lives
 * on that disk, so every API write is refused; on Postgres only uploads write there.
 */
export function diskGate(ctx: Pick<ServerContext, 'diskGuard' | 'db'>, renderers: Readonly<Record<string, DiskFullRenderer>>): MiddlewareHandler {
  const everyWrite = ctx.db.kind === 'pglite';
  return async (c, next) => {
    if (!ctx.diskGuard.low || READS.has(c.req.method)) return next();
    const path = c.req.path;
    if (everyWrite || UPLOAD.test(path)) return refusal(c, path, renderers);
    return next();
  };
}
