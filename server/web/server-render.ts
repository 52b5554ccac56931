import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { primedRequestKey, primedResponse, type PrimedResponse } from '../../domain/first-screen.ts';
import { matchPublicRoute, normalizePath } from '../../domain/public-routes.ts';
import { SERVER_QUERIES_ELEMENT_ID, type RenderSettings, type RendererModule, type ServerReads } from '../../domain/server-render.ts';
import { jsonScriptElement, type InProcessFetch } from './first-screen.ts';

export interface ServerRendered {
  /** The app's HTML, for inside #root. */
  root: string;
  /** The answers it was drawn from, for after #root. */
  data: string;
  /** How many times React rendered the tree from its root for it. */
  passes: number;
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
  async render(
    api: InProcessFetch,
    origin: string,
    anonKey: string,
    pathAndQuery: string,
    primed: PrimedResponse[],
    settings: RenderSettings = { outboundRef: '' },
  ): Promise<ServerRendered | undefined> {
    const pathname = normalizePath(new URL(pathAndQuery, origin).pathname);
    if (!matchPublicRoute(pathname)?.route.serverDrawn) return undefined;
    const renderer = await this.renderer();
    if (!renderer) return undefined;
    const answered = new Map(primed.map((answer) => [answer.key, answer]));
    const reads: ServerReads = async (path, headers) => {
      if (!path.startsWith('/rest/v1/') && path !== AUTH_SETTINGS_PATH) throw new Error(`A server render reads only the REST API, not ${path}`);
      const hit = answered.get(primedRequestKey(path, headers.get('prefer')));
      if (hit) return primedResponse(hit);
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
      const rendered = await renderer.renderApp(pathAndQuery, origin, reads, report, settings);
      if (!rendered) return undefined;
      return { root: rendered.html, data: jsonScriptElement(SERVER_QUERIES_ELEMENT_ID, rendered.page), passes: rendered.passes };
    } catch (error) {
      report(error);
      return undefined;
    }
  }
}
