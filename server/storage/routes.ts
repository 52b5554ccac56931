import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import { requestIdOf } from '../ops/request-id.ts';
import type { StorageBackend } from './backend.ts';
import { bucketRoutes } from './buckets.ts';
import { renderError, StorageError, StorageUnavailableError, toStorageError } from './errors.ts';
import { objectRoutes } from './objects.ts';
import { Renders } from './renders.ts';
import type { StorageDeps } from './request.ts';
import { answerClientWentAway, clientWentAway } from '../http/node-request.ts';

/** /storage/v1: the subset of Supabase Storage that supabase.storage needs, in its shapes. */
export function storageRoutes(ctx: ServerContext, backend: StorageBackend): Hono {
  const deps: StorageDeps = { ctx, backend, renders: new Renders(ctx.config, backend) };
  const app = new Hono();
  app.route('/bucket', bucketRoutes(deps));
  app.route('/', objectRoutes(deps));
  app.all('*', (c) => renderError(c, new StorageError(404, 'not_found', `Route ${c.req.method}:${new URL(c.req.url).pathname} not found`)));

  app.onError((err, c) => {
    const known = toStorageError(err);
    if (err instanceof DatabaseUnavailableError) {
      ctx.logger.errorThrottled(`database-${err.reason}`, `database unavailable (${err.reason}): ${err.message}`, { reqId: requestIdOf(c) });
    } else if (err instanceof StorageUnavailableError) {
      // One line per outage window, not a stack per request.
      ctx.logger.errorThrottled('storage-unavailable', `storage: the object store is unavailable: ${err.message}`, { reqId: requestIdOf(c) });
    } else if (known?.statusCode === 507) {
      ctx.logger.errorThrottled('storage-no-space', `storage: no space left for an upload: ${(err as Error).message}`, { reqId: requestIdOf(c) });
    }
    if (known) return renderError(c, known);
    if (clientWentAway(c, err)) return answerClientWentAway(c, ctx.logger, requestIdOf(c));
    ctx.logger.error('storage: unhandled error', { err, reqId: requestIdOf(c) });
    return renderError(c, new StorageError(500, 'internal', 'Internal server error'));
  });
  return app;
}
