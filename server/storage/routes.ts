import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { DiskBackend, type StorageBackend } from './backend.ts';
import { bucketRoutes } from './buckets.ts';
import { renderError, StorageError, toStorageError } from './errors.ts';
import { objectRoutes } from './objects.ts';
import type { StorageDeps } from './request.ts';

/** /storage/v1: the subset of Supabase Storage that supabase.storage needs, in its shapes. */
export function storageRoutes(ctx: ServerContext, backend: StorageBackend = new DiskBackend(ctx.config.DATA_DIR)): Hono {
  const deps: StorageDeps = { ctx, backend };
  const app = new Hono();
  app.route('/bucket', bucketRoutes(deps));
  app.route('/', objectRoutes(deps));
  app.all('*', (c) => renderError(c, new StorageError(404, 'not_found', `Route ${c.req.method}:${new URL(c.req.url).pathname} not found`)));

  app.onError((err, c) => {
    const known = toStorageError(err);
    if (known) return renderError(c, known);
    console.error('storage: unhandled error', err);
    return renderError(c, new StorageError(500, 'internal', 'Internal server error'));
  });
  return app;
}
