import { Hono, type Context } from 'hono';
import { join, resolve } from 'node:path';
import { site } from '../../web/lib/site.ts';
import type { ServerContext } from '../context.ts';
import { renderFeed } from './feed.ts';
import { IndexHtml, renderIndexHtml } from './index-html.ts';
import { publicOrigin } from './origin.ts';
import { resolvePageMeta } from './page-meta.ts';
import { newestPublicProjects, readSiteIdentity, sitemapEntries } from './public-data.ts';
import { renderSitemap } from './sitemap.ts';
import { readStaticFile } from './static-files.ts';

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
export function webRoutes(ctx: ServerContext, options: { distDir?: string } = {}): Hono {
  const distDir = resolve(options.distDir ?? ctx.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  const indexHtml = new IndexHtml(join(distDir, 'index.html'));
  const app = new Hono();

  app.get('/sitemap.xml', async (c) => {
    const origin = publicOrigin(c, ctx.config);
    const body = renderSitemap(origin, await sitemapEntries(ctx.db, SITEMAP_LIMIT));
    return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  app.get('/feed.xml', async (c) => {
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(ctx.db, site);
    const body = renderFeed({ ...identity, origin }, await newestPublicProjects(ctx.db, FEED_SIZE));
    return c.body(body, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });

  app.get('/robots.txt', (c) =>
    c.text(`User-agent: *\nAllow: /\nDisallow: /admin\nSitemap: ${publicOrigin(c, ctx.config)}/sitemap.xml\n`, 200, {
      'cache-control': 'public, max-age=3600',
    }),
  );

  const serve = async (c: Context) => {
    const path = c.req.path;
    if (API_PREFIXES.some((p) => path.startsWith(p))) return c.json({ message: 'Not found' }, 404);

    const file = await readStaticFile(distDir, path);
    if (file) {
      return c.body(new Uint8Array(file.body), 200, { 'content-type': file.contentType, 'cache-control': file.cacheControl });
    }
    // A missing hashed asset (an old tab after a deploy) must fail loudly, not get index.html.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) return c.text('Not found', 404);

    const html = indexHtml.read();
    if (!html) return c.html(NOT_BUILT, 503, { 'cache-control': 'no-store' });
    const origin = publicOrigin(c, ctx.config);
    const page = await resolvePageMeta(ctx.db, await readSiteIdentity(ctx.db, site), origin, path);
    const body = renderIndexHtml(html, { supabaseUrl: origin, anonKey: ctx.keys.anonKey }, page.meta);
    return c.html(body, page.status, { 'cache-control': 'no-cache' });
  };

  app.get('*', serve);
  app.on('HEAD', '*', serve);
  return app;
}
