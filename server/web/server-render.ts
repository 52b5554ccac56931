import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { primedRequestKey, type PrimedResponse } from '../../domain/first-screen.ts';
import { SERVER_QUERIES_ELEMENT_ID, type RenderedPage } from '../../domain/server-render.ts';
import { jsonScriptElement, type InProcessFetch } from './first-screen.ts';

/**
 * The public routes whose first screen the server draws (decision 203): what a signed-out visitor
 * sees, the same for everyone. Pages behind a sign-in, and the admin, are drawn by the browser.
 */
export const SERVER_RENDERED_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/projects$/,
  /^\/projects\/[^/]+$/,
  /^\/creators\/[^/]+$/,
  /^\/tags\/[^/]+$/,
  /^\/(signin|signup|forgot-password|upcoming|winners|documentation|blog|community|about|terms|privacy)$/,
  /^\/blog\/[^/]+$/,
  /^\/leaderboard\/[^/]+\/[^/]+$/,
];

type ServerReads = (pathAndQuery: string, headers: Headers) => Promise<Response>;

/** web/app/entry-server.tsx as built into dist/web/.ssr. */
interface RendererModule {
  renderApp(url: string, origin: string, reads: ServerReads, report: (problem: unknown) => void): Promise<{ html: string; page: RenderedPage } | undefined>;
}

export interface ServerRendered {
  /** The app's HTML, for inside #root. */
  root: string;
  /** The answers it was drawn from, for after #root. */
  data: string;
}

/** Headers of the app's reads that change the answer; its credentials are replaced by anon's. */
const FORWARDED_HEADERS = ['accept', 'accept-profile', 'prefer', 'range'];

/** GoTrue's public settings (whether GitHub sign-in is offered): the only auth read a page makes before sign-in. */
const AUTH_SETTINGS_PATH = '/auth/v1/settings';

/** Loads the built renderer, again after a rebuild; without a build (tests of the API alone) it draws nothing. */
export class ServerRenderer {
  private loaded?: { mtimeMs: number; module: Promise<RendererModule | undefined> };

  /** What could not be drawn, said once per route and reason: the browser draws those pages itself. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly entryPath: string,
    private readonly warn: (message: string) => void,
  ) {}

  private renderer(): Promise<RendererModule | undefined> {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.entryPath).mtimeMs;
    } catch {
      return Promise.resolve(undefined);
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(this.entryPath).href}?v=${mtimeMs}`;
      this.loaded = { mtimeMs, module: import(url).then((m: RendererModule) => m, () => undefined) };
    }
    return this.loaded.module;
  }

  /**
   * The first screen of `pathAndQuery` as `anon` sees it, its reads answered from `primed` (the
   * page's first-screen answers, already read) or in-process; undefined when it cannot be drawn.
   */
  async render(api: InProcessFetch, origin: string, anonKey: string, pathAndQuery: string, primed: PrimedResponse[]): Promise<ServerRendered | undefined> {
    const pathname = new URL(pathAndQuery, origin).pathname.replace(/\/+$/, '') || '/';
    if (!SERVER_RENDERED_ROUTES.some((route) => route.test(pathname))) return undefined;
    const renderer = await this.renderer();
    if (!renderer) return undefined;
    const answered = new Map(primed.map((answer) => [answer.key, answer]));
    const reads: ServerReads = async (path, headers) => {
      if (!path.startsWith('/rest/v1/') && path !== AUTH_SETTINGS_PATH) throw new Error(`A server render reads only the REST API, not ${path}`);
      const hit = answered.get(primedRequestKey(path, headers.get('prefer')));
      if (hit) {
        const replay = new Headers({ 'content-type': 'application/json; charset=utf-8' });
        if (hit.contentRange) replay.set('content-range', hit.contentRange);
        return new Response(hit.body, { status: hit.status, headers: replay });
      }
      const forwarded = new Headers({ apikey: anonKey, authorization: `Bearer ${anonKey}`, host: new URL(origin).host });
      for (const name of FORWARDED_HEADERS) {
        const value = headers.get(name);
        if (value) forwarded.set(name, value);
      }
      return api(new Request(origin + path, { headers: forwarded }));
    };
    const report = (problem: unknown) => {
      const reason = problem instanceof Error ? problem.message : String(problem);
      const key = `${pathname.replace(/[0-9a-f-]{36}/gi, ':id')} ${reason}`;
      if (this.reported.has(key)) return;
      this.reported.add(key);
      this.warn(`server render of ${pathname} fell back to the browser: ${reason}`);
    };
    try {
      const rendered = await renderer.renderApp(pathAndQuery, origin, reads, report);
      if (!rendered) return undefined;
      return { root: rendered.html, data: jsonScriptElement(SERVER_QUERIES_ELEMENT_ID, rendered.page) };
    } catch (error) {
      report(error);
      return undefined;
    }
  }
}
