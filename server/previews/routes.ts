import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { clientLimitKey } from '../http/client-ip.ts';
import { requestHeader } from '../http/node-request.ts';
import { RenderQueueFull } from '../storage/render-queue.ts';
import { parseSubject } from './subjects.ts';

const VERSIONED = 'public, max-age=31536000, immutable';
/** A stale or unversioned URL gets the current image, kept no longer than a vote-count redraw. */
const CURRENT = 'public, max-age=600';

/**
 * GET /og/<kind>/<key…>/<version>.png (decision 251): the subject's preview image. The version in
 * the URL is a hash of what the image shows; when it is the current one the answer is immutable,
 * otherwise (an old link, a cached page) the current image is sent with a short lifetime. A subject
 * anon cannot see (a pending project) is 404. An image not drawn yet is drawn now through the
 * bounded queue: a miss counts against RATE_LIMIT_RENDERS, and a full queue answers 503.
 */
export function previewRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const serve = async (kind: string, key: string, file: string, c: Context) => {
    const asked = /^([0-9a-f]{16}|latest)\.png$/.exec(file)?.[1];
    const subject = asked ? parseSubject(kind, key) : undefined;
    const notFound = () => c.text('Not found', 404, { 'cache-control': 'public, max-age=60' });
    if (!subject) return notFound();
    const current = await ctx.previews.current(subject);
    if (!current) return notFound();
    const etag = `"${current.version}"`;
    const headers = { etag, 'cache-control': asked === current.version ? VERSIONED : CURRENT, 'x-content-type-options': 'nosniff' };
    if (requestHeader(c, 'if-none-match') === etag) return c.body(null, 304, headers);
    if (!current.drawn) {
      const limit = await ctx.rateLimiter.hit(`preview:ip:${clientLimitKey(c, ctx.config.TRUST_PROXY)}`, ctx.config.RATE_LIMIT_RENDERS);
      if (!limit.allowed) return c.text('Too many image renders, please try again later', 429, { 'retry-after': String(limit.retryAfter ?? 60), 'cache-control': 'no-store' });
    }
    let served;
    try {
      served = await ctx.previews.serve(subject);
    } catch (err) {
      if (err instanceof RenderQueueFull) {
        return c.text('The image renderer is busy, please try again shortly', 503, { 'retry-after': String(err.retryAfterSeconds), 'cache-control': 'no-store' });
      }
      throw err;
    }
    if (!served) return notFound();
    const final = { ...headers, etag: `"${served.version}"`, 'cache-control': asked === served.version ? VERSIONED : CURRENT };
    return c.body(new Uint8Array(served.png), 200, { ...final, 'content-type': 'image/png', 'content-length': String(served.png.length) });
  };

  app.get('/og/winners/:file', (c) => serve('winners', '', c.req.param('file'), c));
  app.get('/og/leaderboard/:period/:value/:file', (c) => serve('leaderboard', `${c.req.param('period')}/${c.req.param('value')}`, c.req.param('file'), c));
  app.get('/og/:kind/:key/:file', (c) => serve(c.req.param('kind'), c.req.param('key'), c.req.param('file'), c));
  return app;
}
