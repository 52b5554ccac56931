import { Hono } from 'hono';
import type { ServerContext } from './context.ts';
import { supabaseCors } from './http/cors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { webRoutes } from './web/routes.ts';

/** The whole HTTP surface: the Supabase-compatible APIs and the SPA, on one origin. */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use('*', securityHeaders());
  for (const prefix of ['/rest/v1/*', '/auth/v1/*', '/storage/v1/*', '/functions/v1/*']) app.use(prefix, supabaseCors);

  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/', webRoutes(ctx));

  app.onError((err, c) => {
    console.error('unhandled error:', err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
