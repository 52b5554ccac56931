import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { site } from '../../domain/site.ts';
import { outboundRefHost } from '../analytics/outbound-ref.ts';
import type { ServerContext } from '../context.ts';
import { negotiateCompression } from '../http/compression.ts';
import { requestHeader } from '../http/node-request.ts';
import { publicOrigin } from '../http/origin.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../previews/draw.ts';
import { anonReads } from '../security/caller.ts';
import { readSiteIdentity } from '../web/public-data.ts';
import { readCardProject } from './card-data.ts';
import { cardContentSecurityPolicy, cardTheme, renderCardPage } from './card-page.ts';
import { OEMBED_PATH, oembedResponse, projectOfUrl, readBound } from './oembed.ts';

/**
 * oEmbed and the embeddable project card (issue 33, decision 259). Both read as `anon` through the
 * caller executor, so what they show of a project is what its public page shows, and only a
 * launched project has either. The card is the one framable page (server/http/security-headers.ts).
 */
export function embedRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const read = anonReads(ctx.db, ctx.config);

  // A visitor's read over anon's statement timeout (57014) is a 503 to come back to.
  app.onError((err, c) => {
    if ((err as { code?: unknown }).code !== '57014') throw err;
    return c.text('The page took too long to read, please try again in a few seconds', 503, { 'retry-after': '5', 'cache-control': 'no-store' });
  });

  app.get(OEMBED_PATH, async (c) => {
    // Any page may ask (oEmbed consumers often do so from the browser); nothing here is private.
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' };
    const format = c.req.query('format') ?? 'json';
    if (format !== 'json') return c.text('Only format=json is offered', 501, headers);
    const target = projectOfUrl(ctx.config, c.req.query('url'));
    const project = target ? await readCardProject(read, target.id) : undefined;
    if (!target || !project) return c.json({ message: 'Not found' }, 404, headers);
    const [identity, thumbnail] = await Promise.all([
      readSiteIdentity(read, site),
      // The preview image is a nicety: the answer stands without it.
      ctx.previews.urlFor({ kind: 'project', key: project.id }, target.origin).catch(() => undefined),
    ]);
    const body = oembedResponse({
      origin: target.origin,
      siteName: identity.name,
      project,
      thumbnail: thumbnail ? { url: thumbnail, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT } : undefined,
      maxwidth: readBound(c.req.query('maxwidth')),
      maxheight: readBound(c.req.query('maxheight')),
      theme: cardTheme(c.req.query('theme')),
    });
    return c.json(body, 200, headers);
  });

  const card = async (c: Context) => {
    const project = await readCardProject(read, c.req.param('id') ?? '');
    if (!project) return c.text('Not found', 404, { 'cache-control': 'public, max-age=60' });
    const origin = publicOrigin(c, ctx.config);
    const identity = await readSiteIdentity(read, site);
    const html = renderCardPage(project, {
      origin,
      siteName: identity.name,
      anonKey: ctx.keys.anonKey,
      refHost: outboundRefHost(ctx.config),
      theme: cardTheme(c.req.query('theme')),
    });
    const out = await negotiateCompression(html, 'text/html; charset=utf-8', requestHeader(c, 'accept-encoding'));
    return c.body(out.body, 200 as ContentfulStatusCode, {
      'content-type': 'text/html; charset=utf-8',
      // No cookie is read or set; the count in the HTML is brought up to date by its script.
      'cache-control': 'public, max-age=60',
      'content-security-policy': cardContentSecurityPolicy(origin),
      ...out.headers,
    });
  };
  app.get('/embed/projects/:id', card);
  return app;
}
