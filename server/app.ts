import { Hono } from 'hono';
import { authRoutes } from './auth/routes.ts';
import type { ServerContext } from './context.ts';
import { functionRoutes } from './functions/routes.ts';
import { API_PREFIXES, corsPreflight } from './http/cors.ts';
import { DevMailbox } from './mail/dev-mailbox.ts';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { webRoutes } from './web/routes.ts';

/**
 * The whole HTTP surface: the Supabase-compatible APIs and the SPA, on one origin. Security and
 * CORS response headers are set on the Node response (http/response-headers.ts); only preflight
 * requests need an answer of their own.
 */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  for (const prefix of API_PREFIXES) app.use(`${prefix}*`, (c, next) => (c.req.method === 'OPTIONS' ? corsPreflight(c, next) : next()));

  app.route('/auth/v1', authRoutes(ctx));
  app.route('/functions/v1', functionRoutes(ctx));
  // Only without SMTP_URL: the dev mailbox holds sign-in links, so it is loopback-only too.
  if (ctx.mailer instanceof DevMailbox) app.route('/_dev', devMailboxRoutes(ctx.mailer));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx, ctx.storage));
  app.route('/', webRoutes(ctx));

  app.onError((err, c) => {
    console.error('unhandled error:', err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
