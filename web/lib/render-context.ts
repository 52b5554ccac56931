/**
 * The server render this code runs in, if any (decision 203): the one seam between the app and
 * web/app/entry-server.tsx, which sets it once at import. In the browser it is never set.
 *
 * Whether code runs on the server at all is `import.meta.env.SSR`, asked the same way everywhere
 * (never `typeof window`): a constant of each build, so the browser's bundle carries no server
 * branch and the server's renderer touches no window, document or localStorage. Unit tests run as
 * the server does (vitest sets it in Node).
 */
export interface ServerRender {
  /** The page's origin, which serves its API (image URLs are built on it). */
  origin: string;
  /** The instant the render draws at: text drawn from the clock is the same in every pass, and in the browser's adopting render. */
  drawnAt: number;
  /** The host outbound links carry as ?ref= ('' for none): the page's meta outbound-ref, as the server set it. */
  outboundRef: string;
  /** Where the app's reads go: the API in-process, as `anon`; anything but a read is refused. */
  reads: typeof fetch;
}

let current: (() => ServerRender) | undefined;

/** The server's renderer names the render under way (its AsyncLocalStorage scope). */
export function setServerRender(read: () => ServerRender): void {
  current = read;
}

/** The server render under way; undefined in the browser. */
export function serverRender(): ServerRender | undefined {
  return current?.();
}
