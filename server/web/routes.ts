import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { resolve } from 'node:path';
import { site } from '../../domain/site.ts';
import type { ServerContext } from '../context.ts';
import { negotiateCompression } from '../http/compression.ts';
import { requestHeader } from '../http/node-request.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { readPublicCollection, renderCollectionFeed } from '../collections/collection-feed.ts';
import { renderFeed } from './feed.ts';
import { etagOf, findBadgeProject, recentWinners, renderBadge, renderWinnersFeed } from '../launches/launches.ts';
import type { InProcessFetch } from './first-screen.ts';
import { pageKey } from './page-cache-key.ts';
import type { DrawnPage } from './page-cache.ts';
import { publicOrigin } from '../http/origin.ts';
import { PageRenderer } from './render-page.ts';
import { newestPublicProjects, readSiteIdentity, sitemapEntries } from './public-data.ts';
import { renderSitemap } from './sitemap.ts';
import { startWarmUp, type WarmUpState } from './warm-up.ts';
import { tagFeedData } from '../tags/tag-data.ts';
import { readStaticFile } from './static-files.ts';
import { anonReads } from '../security/caller.ts';

export const DEFAULT_WEB_DIST = resolve(import.meta.dirname, '../../dist/web');

/** Paths that belong to the APIs: an unknown one there is an API 404, never the SPA (/auth/callback is the SPA's). */
const API_PREFIXES = ['/rest/v1/', '/auth/v1/', '/storage/v1/', '/functions/v1/', '/realtime/v1/', '/_dev/'];

const FEED_SIZE = 50;
const SITEMAP_LIMIT = 45_000;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>${site.name}</title>
<p>The web app has not been built yet. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it).</p>`;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html (never cached) for every
 * client route with the runtime config and per-page meta tags, plus /sitemap.xml and /feed.xml.
 */
export function webRoutes(ctx: ServerContext, options: { distDir?: string; api?: InProcessFetch; warmUp?: WarmUpState } = {}): Hono {
  const distDir = resolve(options.distDir ?? ctx.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  const pages = new PageRenderer(ctx, distDir, options.api);
  // Every read below is a visitor's: anon, under anon's statement timeout (decision 102).
  const read = anonReads(ctx.db, ctx.config);
  /** How the shared copy of a page is drawn (decision 206); at start without the page deadline. */
  const drawShared =
    (origin: string, path: string, deadlineMs?: number) =>
    async (pathAndQuery: string): Promise<DrawnPage> => {
      const page = await pages.renderPage({ path, search: pathAndQuery.slice(path.length), method: 'GET', origin }, deadlineMs);
      if (!page) throw new Error('the web app is not built');
      return { status: page.status, html: page.withoutNonce, complete: page.complete, headers: page.headers };
    };
  // At start every server-drawn page is drawn once; with the page cache on, into the cache, so the
  // first visitor after a deploy gets the copy rather than a render.
  if (options.warmUp) {
    startWarmUp(
      ctx,
      async (origin, path) => {
        const url = new URL(path, origin);
        const key = ctx.pageCache.enabled ? pageKey(origin, url.pathname, url.search) : undefined;
        if (!key) return (await pages.renderPage({ path: url.pathname, search: url.search, method: 'GET', origin }, Number.POSITIVE_INFINITY))?.withoutNonce;
        const kept = await ctx.pageCache.respond(key, drawShared(origin, url.pathname, Number.POSITIVE_INFINITY), undefined, undefined);
        return kept.body ? Buffer.from(kept.body).toString('utf8') : undefined;
      },
      options.warmUp,
    );
  }
  const app = new Hono();
  // A visitor's read over anon's statement timeout (57014) is a 503 to come back to, as on the API;
  // anything else goes on to the app's own handler.
  app.onError((err, c) => {
    if ((err as { code?: unknown }).code !== '57014') throw err;
    return c.text('The page took too long to read, please try again in a few seconds', 503, { 'retry-after': '5', 'cache-control': 'no-store' });
  });

  app.get('/sitemap.xml', async (c) => {
    const origin = publicOrigin(c, ctx.config);
    const body = renderSitemap(origin, await sitemapEntries(read, SITEMAP_LIMIT));
    return sendText(c, body, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  app.get('/feed.xml', async (c) => {
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(read, site);
    const body = renderFeed({ ...identity, origin }, await newestPublicProjects(read, FEED_SIZE));
    return sendText(c, body, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  // A public collection's RSS (issue 18); private and unknown collections are not found.
  app.get('/collections/:id/feed.xml', async (c) => {
    const found = await readPublicCollection(read, c.req.param('id'));
    if (!found) return c.text('Not found', 404, { 'cache-control': 'no-store' });
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(read, site);
    const body = renderCollectionFeed(origin, identity.name, found.collection, found.items);
    return sendText(c, body, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  // Issue 17: each tag's newest projects.
  app.get('/tags/:slug/feed.xml', async (c) => {
    const slug = c.req.param('slug');
    const data = await tagFeedData(read, slug, FEED_SIZE);
    if (!data) return c.text('Not found', 404);
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(read, site);
    const body = renderFeed(
      { name: `${identity.name}: #${data.name}`, description: `Projects tagged ${data.name} on ${identity.name}`, origin, selfPath: `/tags/${slug}/feed.xml`, pagePath: `/tags/${slug}` },
      data.projects,
    );
    return sendText(c, body, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  app.get('/winners.xml', async (c) => {
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(read, site);
    const body = renderWinnersFeed({ name: identity.name, origin }, await recentWinners(read, FEED_SIZE));
    return sendText(c, body, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  // Embeddable badge (issue 16): 404 unless the project is launched; cached 5 minutes, revalidated by ETag.
  app.get('/badges/:file', async (c) => {
    const id = /^([0-9a-f-]{36})\.svg$/i.exec(c.req.param('file'))?.[1];
    const project = id ? await findBadgeProject(read, id) : undefined;
    if (!project) return c.text('Not found', 404, { 'cache-control': 'public, max-age=60' });
    const theme = c.req.query('theme') === 'dark' ? 'dark' : 'light';
    const identity = await readSiteIdentity(read, site);
    const body = renderBadge(identity.name, project, theme);
    const etag = etagOf(body);
    const headers = { etag, 'cache-control': 'public, max-age=300', vary: 'Accept-Encoding' };
    if (requestHeader(c, 'if-none-match') === etag) return c.body(null, 304, headers);
    return sendText(c, body, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
  });

  app.get('/robots.txt', (c) =>
    c.text(`User-agent: *\nAllow: /\nDisallow: /admin\nSitemap: ${publicOrigin(c, ctx.config)}/sitemap.xml\n`, 200, {
      'cache-control': 'public, max-age=3600',
    }),
  );

  const serve = async (c: Context) => {
    const path = c.req.path;
    if (API_PREFIXES.some((p) => path.startsWith(p))) return c.json({ message: 'Not found' }, 404);

    const file = await readStaticFile(distDir, path, requestHeader(c, 'accept-encoding'));
    if (file) {
      return c.body(new Uint8Array(file.body), 200, {
        'content-type': file.contentType,
        'cache-control': file.cacheControl,
        ...(file.contentEncoding ? { 'content-encoding': file.contentEncoding } : {}),
        ...(file.vary ? { vary: file.vary } : {}),
      });
    }
    // A missing hashed asset (an old tab after a deploy) must fail loudly, not get index.html.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) return c.text('Not found', 404);

    if (!pages.built()) return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store' });
    const origin = publicOrigin(c, ctx.config);
    // The shared copy of a public page (decision 206): drawn once for every visitor of this origin.
    const cacheable = ctx.pageCache.enabled && c.req.method === 'GET' ? pageKey(origin, path, new URL(c.req.url).search) : undefined;
    if (cacheable) {
      const cached = await ctx.pageCache.respond(cacheable, drawShared(origin, path), requestHeader(c, 'accept-encoding'), requestHeader(c, 'if-none-match'));
      if (cached.body === null) return c.body(null, 304, cached.headers);
      const bytes = new Uint8Array(cached.body.buffer as ArrayBuffer, cached.body.byteOffset, cached.body.byteLength);
      return c.body(bytes, cached.status as ContentfulStatusCode, cached.headers);
    }
    const rendered = await pages.renderPage({ path, search: new URL(c.req.url).search, method: c.req.method, origin });
    if (!rendered) return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store' });
    const styleNonce = randomBytes(16).toString('base64');
    return sendText(c, rendered.html(styleNonce), rendered.status, {
      ...rendered.headers,
      'content-type': 'text/html; charset=UTF-8',
      // A page sent without its reads is not one to keep.
      'cache-control': rendered.complete ? 'no-cache' : 'no-store',
      'content-security-policy': contentSecurityPolicy(styleNonce),
    });
  };

  app.get('*', serve);
  app.on('HEAD', '*', serve);
  return app;
}

/** A page made at request time, compressed for the client when it is worth it. */
async function sendText(c: Context, text: string, status: number, headers: Record<string, string>): Promise<Response> {
  const out = await negotiateCompression(text, headers['content-type'] ?? '', requestHeader(c, 'accept-encoding'));
  return c.body(out.body, status as ContentfulStatusCode, { ...headers, ...out.headers });
}
