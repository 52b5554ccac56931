/**
 * The app rendered by our server for a public route's first screen (decision 203): built by
 * `vite build --ssr` into dist/web/.ssr and loaded by server/web/server-render.ts. Never part of
 * the browser's bundle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { skipToken, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { RenderSettings, RenderedPage, RenderedQuery, ServerReads } from '../../domain/server-render.ts';
import { SERVER_RENDER_ORIGIN } from '../lib/env.ts';
import { setServerRender, type ServerRender } from '../lib/render-context.ts';
import { AppTree } from './app.tsx';
import { createQueryClient } from './query-client.ts';

export interface RenderedApp {
  html: string;
  page: RenderedPage;
  /** How many times React rendered the tree from its root: one (a suspended component is rendered again alone). */
  passes: number;
}

/** Where a query's reads go, and what a refused one marks for the browser. */
interface RenderScope {
  origin: string;
  drawnAt: number;
  outboundRef: string;
  reads: ServerReads;
  /** Called when the app tries more than a read; that query is left for the browser to send. */
  refused: () => void;
}

const currentScope = new AsyncLocalStorage<ServerRender>();

/** The app's fetch inside a render: only GETs to the API, answered by `scope.reads`. */
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
  return { origin: scope.origin, drawnAt: scope.drawnAt, outboundRef: scope.outboundRef, reads: readsOf(scope) };
}

/** Outside a render (never expected) the app reads nothing, on the placeholder origin env.ts uses on the server. */
const OUTSIDE_A_RENDER: ServerRender = {
  origin: SERVER_RENDER_ORIGIN,
  outboundRef: '',
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
 *
 * One pass: every enabled query suspends the component that asks for it while it is read, and
 * React's static renderer waits for it and renders only that component again, not the tree (a
 * lazy page module the same way). A read the app sends by POST (an RPC) is refused: its query goes
 * back to waiting and is drawn as loading, for the browser to send; nothing else is drawn again.
 */
export async function renderApp(
  url: string,
  origin: string,
  reads: ServerReads,
  report: (problem: unknown) => void = () => undefined,
  settings: RenderSettings = { outboundRef: '' },
): Promise<RenderedApp | undefined> {
  const { outboundRef } = settings;
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  // A failed read is not retried here: the browser asks again anyway.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const drawnAt = Date.now();
  const refused = new Set<string>();
  suspendOnReads(client, refused, (onRefused) => renderOf({ origin, drawnAt, outboundRef, reads, refused: onRefused }));
  let passes = 0;
  const html = await currentScope.run(renderOf({ origin, drawnAt, outboundRef, reads, refused: () => undefined }), () => {
    passes += 1;
    return renderOnce(client, url, report);
  });
  if (html === undefined) return undefined;
  const failed = client
    .getQueryCache()
    .getAll()
    .find((q) => q.state.status === 'error');
  if (failed) {
    report(failed.state.error);
    return undefined;
  }
  return { html, page: { drawnAt, queries: answeredQueries(client) }, passes };
}

/**
 * Makes every query the render asks for suspend until it is read (what useSuspenseQuery does), on
 * this client only: the app keeps its useQuery, and the browser its loading states. A disabled
 * query is not read. Each read runs in a scope of its own, so that a refused one (a POST) is known
 * by its query: that fetch is cancelled back to waiting, and the query no longer suspends.
 */
function suspendOnReads(client: QueryClient, refused: Set<string>, scopeFor: (onRefused: () => void) => ServerRender): void {
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  const wrapped = new WeakSet<object>();
  client.defaultQueryOptions = ((options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    const defaulted = defaultQueryOptions(options);
    const { queryFn, queryHash } = defaulted;
    if (refused.has(queryHash) || !queryFn || queryFn === skipToken || !enabledFor(client, defaulted)) return { ...defaulted, suspense: false };
    if (!wrapped.has(queryFn)) {
      const cancel = () => {
        refused.add(queryHash);
        void client.getQueryCache().get(queryHash)?.cancel({ revert: true });
      };
      const read: typeof queryFn = (context) => currentScope.run(scopeFor(cancel), () => queryFn(context));
      wrapped.add(read);
      defaulted.queryFn = read;
    }
    defaulted.suspense = true;
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
}

function enabledFor(client: QueryClient, options: ReturnType<QueryClient['defaultQueryOptions']>): boolean {
  const { enabled } = options;
  if (typeof enabled !== 'function') return enabled !== false;
  return enabled(client.getQueryCache().build(client, options)) !== false;
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

function answeredQueries(client: QueryClient): RenderedQuery[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && !q.meta?.private)
    .map((q) => ({ queryKey: q.queryKey, data: q.state.data, dataUpdatedAt: q.state.dataUpdatedAt }));
}
