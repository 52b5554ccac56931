import { join } from 'node:path';
import { siteSettingsRequest } from '../../domain/first-screen.ts';
import { firstScreenRequests, matchPublicRoute } from '../../domain/public-routes.ts';
import { outboundRefHost } from '../analytics/outbound-ref.ts';
import { authReturnOrigin } from '../auth/redirects.ts';
import type { ServerContext } from '../context.ts';
import { anonReads, type AnonReads } from '../security/caller.ts';
import { site } from '../../domain/site.ts';
import { answerAsAnon, renderFirstScreen, type FirstScreen, type InProcessFetch } from './first-screen.ts';
import { IndexHtml, renderIndexHtml, styleNonceTag, withoutModulePreloads, type PageMeta } from './index-html.ts';
import { Deadline } from './deadline.ts';
import { nonceIndex } from './page-cache.ts';
import { canonicalUrl, metaNeedsData, resolvePageMeta, staticPageMeta, type ResolvedPage } from './page-meta.ts';
import { readSiteIdentity, siteIdentityOf } from './public-data.ts';
import { RouteModules } from './route-modules.ts';
import { ServerRenderer, type ServerRendered } from './server-render.ts';
import type { JsonLd } from './structured-data.ts';

/** One request for a page of the SPA. */
export interface PageRequest {
  /** The URL's pathname and search (`?…` or ''). */
  path: string;
  search: string;
  /** GET draws the first screen; HEAD answers the same head without drawing it. */
  method: string;
  /** The page's public origin (server/http/origin.ts), which also serves its API. */
  origin: string;
}

/** A page ready to send: the same for every request to its URL and origin but for its CSP nonce. */
export interface RenderedDocument {
  /** 503 when the deadline passed before the database could say whether the page exists. */
  status: 200 | 404 | 503;
  /** The document, with this response's style nonce written in (the one part that varies per request). */
  html(styleNonce: string): string;
  /** The document without its nonce tag, as the page cache keeps it (it adds one per response). */
  withoutNonce: string;
  /**
   * False when the deadline passed before some of its reads: the page is served without them (the
   * app asks the API itself), and must be neither cached nor kept.
   */
  complete: boolean;
  /** Headers that belong to the page (Retry-After on a 503). */
  headers: Record<string, string>;
}

/** How long a 503 page asks a crawler to wait. */
const RETRY_AFTER_SECONDS = 5;

interface Drawing {
  firstScreen?: FirstScreen;
  drawn?: ServerRendered;
}

/**
 * Draws index.html for a page of the SPA: its meta tags, its first screen's data and (for a
 * public route, decision 203) the first screen itself. Every read that needs the database runs
 * at once, under one deadline: when the database is slow or hung, the page goes out without what
 * did not arrive instead of waiting for the pool's limits one read after another (reliability F2).
 */
export class PageRenderer {
  private readonly indexHtml: IndexHtml;
  private readonly routeModules: RouteModules;
  private readonly serverRenderer: ServerRenderer;
  /** The page's own reads, as anon under anon's statement timeout (decision 102). */
  private readonly read: AnonReads;

  constructor(
    private readonly ctx: ServerContext,
    distDir: string,
    private readonly api: InProcessFetch | undefined,
  ) {
    this.read = anonReads(ctx.db, ctx.config);
    this.indexHtml = new IndexHtml(join(distDir, 'index.html'));
    this.routeModules = new RouteModules(join(distDir, '.vite', 'manifest.json'));
    this.serverRenderer = new ServerRenderer(join(distDir, '.ssr', 'entry-server.js'), (message) => ctx.logger.warn(message));
  }

  /** Whether the app has been built (dist/web/index.html exists). */
  built(): boolean {
    return this.indexHtml.read() !== undefined;
  }

  /**
   * The page for `request`, within `deadlineMs` (PAGE_RENDER_DEADLINE_MS unless given); undefined
   * when the app has not been built. Pages cached in front of this take only `complete` ones.
   */
  async renderPage(request: PageRequest, deadlineMs = this.ctx.config.PAGE_RENDER_DEADLINE_MS): Promise<RenderedDocument | undefined> {
    const shell = this.indexHtml.read();
    if (!shell) return undefined;
    const { path, search, origin } = request;
    const { keys } = this.ctx;
    const read = this.read;

    const api = this.api;
    // A page the server draws reads the site's settings as its header does, once: its meta takes
    // the identity from the answer and its render the answer itself. Any other page reads the
    // identity alone.
    const drawable = api !== undefined && request.method === 'GET' && matchPublicRoute(path)?.route.serverDrawn === true;
    const settings = drawable ? answerAsAnon(api, origin, keys.anonKey, siteSettingsRequest()).catch(() => undefined) : undefined;
    const identity = settings ? settings.then((answer) => siteIdentityOf(answer?.rows, site)) : readSiteIdentity(read, site);
    const meta = resolvePageMeta(read, identity, origin, path, this.ctx.previews);
    const firstScreen = api ? renderFirstScreen(api, origin, keys.anonKey, path, search) : Promise.resolve(undefined);
    // A page whose meta is not read from the database is there whatever it says (200): its render
    // starts with its first-screen answers, beside the site identity's read, not after it. One
    // whose existence is in the database waits for it, so a missing page costs no render.
    const exists = metaNeedsData(path) ? meta.then((page) => page.status === 200) : Promise.resolve(true);
    const drawing = (async (): Promise<Drawing> => {
      const [found, answers] = await Promise.all([exists, firstScreen]);
      if (!api || !answers || !found) return {};
      // A route with first-screen reads is drawn only when anon sees something (a pending project's
      // page is its owner's to see: the browser asks for it with their token).
      const anonSeesIt = answers.answers.length > 0 || firstScreenRequests(path, search).length === 0;
      const settingsAnswer = (await settings)?.answer;
      const primed = settingsAnswer ? [...answers.answers, settingsAnswer] : answers.answers;
      const drawn = anonSeesIt && request.method === 'GET' ? await this.serverRenderer.render(api, origin, keys.anonKey, path + search, primed, { outboundRef: outboundRefHost(this.ctx.config) }) : undefined;
      return { firstScreen: answers, drawn };
    })();

    const deadline = new Deadline(deadlineMs);
    const [page, drawn] = await Promise.all([deadline.race(meta), deadline.race(drawing)]);
    deadline.clear();
    if (!page || !drawn) this.ctx.logger.errorThrottled('page-deadline', `page ${path} sent without its reads: no answer within ${deadlineMs} ms`);
    // A page whose meta missed the deadline goes without any of its data, drawn or not.
    return this.document(request, shell, page ?? this.withoutData(request), (page && drawn) || {}, page !== undefined && drawn !== undefined);
  }

  /**
   * A page whose meta did not arrive: the site's defaults and the registry's title. A page whose
   * very existence is in the database says 503 (a crawler comes back; a visitor's app draws it).
   */
  private withoutData(request: PageRequest): Omit<ResolvedPage, 'status'> & { status: 200 | 503 } {
    const meta: PageMeta = staticPageMeta(site, canonicalUrl(request.origin, request.path), request.path);
    return { meta, status: metaNeedsData(request.path) ? 503 : 200 };
  }

  private document(request: PageRequest, shell: string, page: Omit<ResolvedPage, 'status'> & { status: 200 | 404 | 503 }, drawing: Drawing, complete: boolean): RenderedDocument {
    const { origin, path } = request;
    const meta = this.withImagesAt(page.meta, origin);
    const runtime = { supabaseUrl: origin, anonKey: this.ctx.keys.anonKey, authReturnOrigin: authReturnOrigin(this.ctx.config, origin), outboundRef: outboundRefHost(this.ctx.config) };
    const { firstScreen, drawn } = drawing;
    // The page itself, drawn before any script runs (decision 203). Its answers replace the first
    // screen's, and the scripts lose their preload hints: they are no longer on the way to the
    // first paint, and on a slow link they would take the bandwidth its image needs.
    const head = [drawn ? '' : this.routeModules.preloadTags(path, shell), firstScreen?.preload].filter(Boolean).join('\n    ');
    const body = renderIndexHtml(drawn ? withoutModulePreloads(shell) : shell, runtime, meta, { head, root: drawn?.root, body: drawn?.data ?? firstScreen?.data });
    // The nonce tag goes where the page cache puts it too (decision 206): before the last </body>.
    const at = nonceIndex(body);
    return {
      status: page.status,
      html: (styleNonce) => body.slice(0, at) + styleNonceTag(styleNonce) + body.slice(at),
      withoutNonce: body,
      complete,
      headers: page.status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {},
    };
  }

  /** The meta with our own storage's image URLs under the page's origin (PublicUrls), in its JSON-LD too. */
  private withImagesAt(meta: PageMeta, origin: string): PageMeta {
    const urls = this.ctx.publicUrls;
    return {
      ...meta,
      image: meta.image && urls.rewrite(meta.image, origin),
      // URLs are plain strings in JSON (slashes are not escaped), so the text rewrite applies.
      structuredData: meta.structuredData?.map((item) => JSON.parse(urls.rewrite(JSON.stringify(item), origin)) as JsonLd),
    };
  }

}
