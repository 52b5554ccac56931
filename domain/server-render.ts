/**
 * The first screen rendered by our server (decision 203): the app's HTML inside #root, and the
 * react-query answers (and the instant) it was drawn from, which the browser puts into its cache before it hydrates
 * so that its first render is the same as the server's.
 */

/** One query's answer, as the server's render had it. */
export interface RenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
  dataUpdatedAt: number;
}

/** What a drawn page carries for the browser beside its HTML. */
export interface RenderedPage {
  /** The instant the page was drawn at: text drawn from the clock reads it until the app has adopted the page. */
  drawnAt: number;
  queries: RenderedQuery[];
}

/** The id of the JSON script element index.html carries the answers in. */
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';

/** How a server render reaches the API: a GET under /rest/v1 (or GoTrue's settings), answered in-process as `anon`. */
export type ServerReads = (pathAndQuery: string, headers: Headers) => Promise<Response>;

/** Server settings the drawing needs exactly as the browser reads them from the page's meta tags. */
export interface RenderSettings {
  /** The host outbound links carry as ?ref= ('' for none; meta outbound-ref, decision 237). */
  outboundRef: string;
}

/** web/app/entry-server.tsx as built into dist/web/.ssr, loaded by server/web/server-render.ts. */
export interface RendererModule {
  /** `passes`: how many times React rendered the tree from its root (one, decision 219). */
  renderApp(url: string, origin: string, reads: ServerReads, report: (problem: unknown) => void, settings?: RenderSettings): Promise<{ html: string; page: RenderedPage; passes: number } | undefined>;
}
