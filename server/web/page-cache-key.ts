import { matchPublicRoute } from '../../domain/public-routes.ts';

export interface PageKey {
  /** The cache key: origin, path and the known parameters, sorted. */
  key: string;
  /** The path and query the page is drawn for: the same parameters as the key, nothing else. */
  pathAndQuery: string;
}

/**
 * The key of a page the cache may hold, or undefined for pages it does not (pages drawn in the
 * browser behind a sign-in, unknown paths). The origin is part of it: a page names its origin
 * in links and in the app's settings.
 */
export function pageKey(origin: string, path: string, search: string): PageKey | undefined {
  // Only pages the server draws, and only the query parameters the registry says they read
  // (decision 206): every other parameter is dropped from the key and from the drawing, so
  // `?x=<random>` cannot fill the cache.
  const route = matchPublicRoute(path)?.route;
  if (!route?.serverDrawn) return undefined;
  const known = route.queryParams ?? [];
  const params = new URLSearchParams(search);
  const kept = [...params.entries()].filter(([name]) => known.includes(name));
  // Sorted so the same page under a different parameter order is one entry; the pages read
  // these parameters without regard to order (tags and tools are sorted by parseFilters).
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return { key: `${origin} ${path}${query}`, pathAndQuery: path + query };
}
