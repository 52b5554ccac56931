import { FIRST_SCREEN_ELEMENT_ID, primedRequestKey, type PrimedRequest, type PrimedResponse } from '../../domain/first-screen.ts';
import { serverRender } from './render-context.ts';

/**
 * The first screen's REST answers our server wrote into index.html (decision 201). Each is used
 * once, by the first identical GET; every other request, and every later one, goes to the network.
 * On a host without our server (hosted Supabase) the element is absent and nothing changes.
 */
function readPrimed(): Map<string, PrimedResponse> {
  const primed = new Map<string, PrimedResponse>();
  if (import.meta.env.SSR) return primed;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return primed;
  element.remove();
  try {
    for (const entry of JSON.parse(element.textContent ?? '[]') as PrimedResponse[]) primed.set(entry.key, entry);
  } catch {
    // A damaged block only costs the round trips it would have saved.
  }
  return primed;
}

const primed = readPrimed();

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return init?.headers ? new Headers(init.headers).get(name) : null;
}

/** fetch, answering the first screen's reads from the page when it can. */
export const firstScreenFetch: typeof fetch = (input, init) => {
  // On the server, the render's reads (web/app/entry-server.tsx) go to the API in-process; the
  // browser's bundle (no SSR) has none of it.
  const render = import.meta.env.SSR ? serverRender() : undefined;
  if (render) return render.reads(input, init);
  if (primed.size > 0 && (init?.method ?? 'GET').toUpperCase() === 'GET' && !(input instanceof Request)) {
    const url = new URL(String(input), window.location.href);
    if (url.origin === window.location.origin) {
      const key = primedRequestKey(url.pathname + url.search, headerOf(init, 'prefer'));
      const hit = primed.get(key);
      if (hit) {
        primed.delete(key);
        // primedResponse (domain/first-screen.ts) written out: a call across chunks costs /'s budget bytes.
        const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
        if (hit.contentRange) headers.set('content-range', hit.contentRange);
        return Promise.resolve(new Response(hit.body, { status: hit.status, headers }));
      }
    }
  }
  return fetch(input, init);
};

/**
 * The page's answer to one first-screen read, taken now rather than through fetch: for a section
 * whose size nobody knows before its data (Today's launches), so it is drawn with the rest of the
 * first render instead of pushing the page down a frame later. Undefined when the page has none.
 */
export function takePrimedJson<T>(request: PrimedRequest): T | undefined {
  const key = primedRequestKey(request.url, request.prefer);
  const hit = primed.get(key);
  if (!hit || hit.status !== 200) return undefined;
  primed.delete(key);
  try {
    return JSON.parse(hit.body) as T;
  } catch {
    return undefined;
  }
}

