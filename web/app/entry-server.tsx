/**
 * The app rendered by our server for a public route's first screen (decision 203): built by
 * `vite build --ssr` into dist/web/.ssr and loaded by server/web/server-render.ts. Never part of
 * the browser's bundle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { RenderedPage, RenderedQuery, ServerReads } from '../../domain/server-render.ts';
import { SERVER_RENDER_ORIGIN } from '../lib/env.ts';
import { setServerRender, type ServerRender } from '../lib/render-context.ts';
import { AppTree } from './app.tsx';
import { createQueryClient } from './query-client.ts';

export interface RenderedApp {
  html: string;
  page: RenderedPage;
}

/** Renders until no query is left waiting: a list's answer can enable the read that depends on it. */
const MAX_PASSES = 4;

/** One pass of a render: where its reads go, and what a refused one marks for the browser. */
interface RenderScope {
  origin: string;
  drawnAt: number;
  reads: ServerReads;
  /** Called when the app tries more than a read; that query is left for the browser to send. */
  refused: () => void;
}

const currentScope = new AsyncLocalStorage<ServerRender>();

/** The app's fetch inside a pass: only GETs to the API, answered by `scope.reads`. */
function readsOf(scope: RenderScope | undefined): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!scope || input instanceof Request || method !== 'GET' || url.origin !== SERVER_RENDER_ORIGIN) {
      scope?.refused();
      // An answer, not a thrown error: supabase-js would retry a network failure.
      return Response.json({ message: 'A server render only reads.' }, { status: 405 });
    }
    return scope.reads(url.pathname + url.search, new Headers(init?.headers));
  };
}

function renderOf(scope: RenderScope): ServerRender {
  return { origin: scope.origin, drawnAt: scope.drawnAt, reads: readsOf(scope) };
}

/** Outside a pass (never expected) the app reads nothing, on the placeholder origin env.ts uses on the server. */
const OUTSIDE_A_RENDER: ServerRender = {
  origin: SERVER_RENDER_ORIGIN,
  get drawnAt() {
    return Date.now();
  },
  reads: readsOf(undefined),
};

setServerRender(() => currentScope.getStore() ?? OUTSIDE_A_RENDER);

/**
 * The app's HTML for `url` as a signed-out visitor sees it before any script runs, and the answers
 * it was drawn from; undefined when any part of it could not be rendered (the browser then renders
 * the page itself, as it does on a static host).
 */
export async function renderApp(url: string, origin: string, reads: ServerReads, report: (problem: unknown) => void = () => undefined): Promise<RenderedApp | undefined> {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  // A failed read is not retried here: the browser asks again anyway.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const asked = new Set<string>();
  const drawnAt = Date.now();
  let html = '';
  for (let pass = 1; ; pass += 1) {
    const rendered = await currentScope.run(renderOf({ origin, drawnAt, reads, refused: () => undefined }), () => renderOnce(client, url, report));
    if (rendered === undefined) return undefined;
    html = rendered;
    const waiting = client.getQueryCache().getAll().filter((q) => !asked.has(q.queryHash) && waitsForData(q));
    // The last pass's HTML is what the cache holds: what it still waits for is drawn as loading.
    if (waiting.length === 0 || pass === MAX_PASSES) break;
    const refused = new Set<Query>();
    await Promise.all(
      waiting.map((q) => {
        asked.add(q.queryHash);
        return currentScope.run(renderOf({ origin, drawnAt, reads, refused: () => refused.add(q) }), () => q.fetch().catch(() => undefined));
      }),
    );
    // A query that writes (an RPC sent by POST) is drawn as loading, and sent by the browser.
    for (const q of refused) q.reset();
    const failed = waiting.find((q) => q.state.status === 'error');
    if (failed) {
      report(failed.state.error);
      return undefined;
    }
  }
  return { html, page: { drawnAt, queries: answeredQueries(client) } };
}

async function renderOnce(client: QueryClient, url: string, report: (problem: unknown) => void): Promise<string | undefined> {
  let failed = false;
  const tree: ReactNode = <AppTree client={client} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />;
  const { prelude } = await prerenderToNodeStream(tree, {
    // Every boundary inline: React would move a large one out behind an inline script, which the
    // CSP forbids (script-src 'self').
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      report(error);
      failed = true;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return failed ? undefined : Buffer.concat(chunks).toString('utf8');
}

/** A query the page would send at once: created by the render, enabled, and without data yet. */
function waitsForData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

function answeredQueries(client: QueryClient): RenderedQuery[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && !q.meta?.private)
    .map((q) => ({ queryKey: q.queryKey, data: q.state.data, dataUpdatedAt: q.state.dataUpdatedAt }));
}
