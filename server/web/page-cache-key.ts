import { SERVER_RENDERED_ROUTES } from './server-render.ts';

/**
 * The query parameters each cached route reads (decision 206); every other parameter is dropped
 * from the key and from the drawing, so `?x=<random>` cannot fill the cache. Routes not listed
 * read none. The one place to change when a page learns a new parameter (or when the registry of
 * public pages, domain/public-routes.ts, takes this over).
 */
const KNOWN_QUERY_PARAMS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  // web/features/projects/filters.ts parseFilters
  [/^\/projects$/, ['q', 'tool', 'tag', 'category', 'featured', 'sort', 'period', 'page']],
];

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
  if (!SERVER_RENDERED_ROUTES.some((route) => route.test(path))) return undefined;
  const known = KNOWN_QUERY_PARAMS.find(([route]) => route.test(path))?.[1] ?? [];
  const params = new URLSearchParams(search);
  const kept = [...params.entries()].filter(([name]) => known.includes(name));
  // Sorted so the same page under a different parameter order is one entry; the pages read
  // these parameters without regard to order (tags and tools are sorted by parseFilters).
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return { key: `${origin} ${path}${query}`, pathAndQuery: path + query };
}
