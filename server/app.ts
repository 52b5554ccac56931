import { Hono } from 'hono';
import { BEACON_PATH } from '../domain/beacon.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { authRoutes } from './auth/routes.ts';
import type { ServerContext } from './context.ts';
import { DatabaseUnavailableError } from './db/unavailable.ts';
import { functionRoutes } from './functions/routes.ts';
import { API_PREFIXES, corsPreflight } from './http/cors.ts';
import { DevMailbox } from './mail/dev-mailbox.ts';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.ts';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes.ts';
import { diskGate } from './ops/disk-gate.ts';
import { authDiskFull } from './auth/errors.ts';
import { restDiskFull } from './rest/errors.ts';
import { storageDiskFull } from './storage/errors.ts';
import { requestIdOf } from './ops/request-id.ts';
import { opsRoutes, type OpsState } from './ops/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { webRoutes } from './web/routes.ts';
import { previewRoutes } from './previews/routes.ts';
import { embedRoutes } from './embeds/routes.ts';
import { answerClientWentAway, clientWentAway } from './http/node-request.ts';

/**
 * The whole HTTP surface: the Supabase-compatible APIs and the SPA, on one origin. Security and
 * CORS response headers are set on the Node response (http/response-headers.ts); only preflight
 * requests need an answer of their own.
 */
export function createApp(ctx: ServerContext, ops: OpsState = { draining: () => false }): Hono {
  const app = new Hono();
  for (const prefix of API_PREFIXES) app.use(`${prefix}*`, (c, next) => (c.req.method === 'OPTIONS' ? corsPreflight(c, next) : next()));
  const gate = diskGate(ctx, { '/rest/v1/': restDiskFull, '/auth/v1/': authDiskFull, '/storage/v1/': storageDiskFull });
  for (const prefix of API_PREFIXES) app.use(`${prefix}*`, gate);
  // /readyz waits for the pages' first drawing (server/web/warm-up.ts).
  const pagesWarmUp = { pending: false };
  app.route('/', opsRoutes(ctx, { ...ops, warming: () => pagesWarmUp.pending }));

  app.route('/auth/v1', authRoutes(ctx));
  app.route('/functions/v1', functionRoutes(ctx));
  // Only without SMTP_URL and on a loopback SITE_URL; its routes check who asks (dev-mailbox-routes.ts).
  if (ctx.mailer instanceof DevMailbox) app.route('/_dev', devMailboxRoutes(ctx.mailer));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx, ctx.storage));
  app.route('/unsubscribe', unsubscribeRoutes(ctx));
  // The counting beacon (server/analytics/, decision 236): no apikey, sendBeacon cannot send one.
  app.route(BEACON_PATH, analyticsRoutes(ctx));
  app.route('/realtime/v1', ctx.realtime.routes);
  app.route('/', previewRoutes(ctx));
  // oEmbed and the embeddable card, the one framable page (decision 259).
  app.route('/', embedRoutes(ctx));
  // The pages answer their first screen's API reads in-process, through the same handlers (decision 201).
  app.route('/', webRoutes(ctx, { api: (request) => Promise.resolve(app.fetch(request)), warmUp: pagesWarmUp }));

  app.onError((err, c) => {
    if (err instanceof DatabaseUnavailableError) {
      ctx.logger.errorThrottled(`database-${err.reason}`, `database unavailable (${err.reason}): ${err.message}`, { reqId: requestIdOf(c) });
      c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json({ message: 'The database is unavailable, please try again in a few seconds' }, 503);
    }
    if (clientWentAway(c, err)) return answerClientWentAway(c, ctx.logger, requestIdOf(c));
    ctx.logger.error('unhandled error', { err, reqId: requestIdOf(c) });
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
