import { PROJECTS_PAGE_SIZE } from '../../../../domain/limits.ts';
import { MAX_PROJECT_TAGS } from '../../../../domain/richer-projects.ts';
import { CATEGORIES, TOOLS, type Category, type Tool } from '../../../../domain/catalog.ts';

/** A tag's slug as the database allows it (0170). */
export const TAG_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The /projects list state lives in the URL (?q=&tool=&tag=&category=&featured=&sort=&page=; tool and tag repeat), so
 * links, reload and back/forward all restore it. Unknown or hostile values fall back to defaults.
 */
export const SORTS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'top', label: 'Top' },
  { value: 'trending', label: 'Trending' },
] as const;
export type SortKey = (typeof SORTS)[number]['value'];

/**
 * A search is ordered by relevance unless another sort is asked for; without a search there is no
 * relevance and the list is newest first (decision 233). The default is left out of the URL.
 */
export function defaultSort(q: string): SortKey {
  return q ? 'relevance' : 'newest';
}

/** The sorts offered for this search text: Relevance only when there is one. */
export function sortsFor(q: string) {
  return q ? SORTS : SORTS.filter((s) => s.value !== 'relevance');
}

/** Top's periods, counted in the site's time zone (an admin setting; decision 121). */
export const PERIODS = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
] as const;
export type PeriodKey = (typeof PERIODS)[number]['value'];

export const PAGE_SIZE = PROJECTS_PAGE_SIZE;
/** Longer searches are cut here: nothing useful is that long, and it keeps URLs and queries small. */
export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 10_000;

export interface ProjectFilters {
  q: string;
  /** Any of these tools (?tool=Cursor&tool=Bolt). */
  tools: Tool[];
  /** All of these tags, by slug (?tag=react&tag=game). */
  tags: string[];
  category: Category | null;
  featured: boolean;
  sort: SortKey;
  /** Only with sort 'top'. */
  period: PeriodKey;
  page: number;
}

export const DEFAULT_FILTERS: ProjectFilters = { q: '', tools: [], tags: [], category: null, featured: false, sort: 'newest', period: 'all', page: 1 };

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function normalizeSearch(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH);
}

export function parseFilters(params: URLSearchParams): ProjectFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const q = normalizeSearch(params.get('q'));
  const sort = oneOf(sortsFor(q).map((s) => s.value), params.get('sort')) ?? defaultSort(q);
  return {
    q,
    tools: TOOLS.filter((t) => params.getAll('tool').includes(t)),
    tags: [...new Set(params.getAll('tag').filter((t) => TAG_SLUG.test(t)))].slice(0, MAX_PROJECT_TAGS).sort(),
    category: oneOf(CATEGORIES, params.get('category')),
    featured: params.get('featured') === 'true',
    sort,
    period: sort === 'top' ? (oneOf(PERIODS.map((p) => p.value), params.get('period')) ?? 'all') : 'all',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical query string: defaults are left out, so equal states have equal URLs. */
export function filtersToParams(filters: ProjectFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = normalizeSearch(filters.q);
  if (q) params.set('q', q);
  for (const tool of TOOLS) if (filters.tools.includes(tool)) params.append('tool', tool);
  for (const tag of [...filters.tags].sort()) params.append('tag', tag);
  if (filters.category) params.set('category', filters.category);
  if (filters.featured) params.set('featured', 'true');
  if (filters.sort !== defaultSort(q)) params.set('sort', filters.sort);
  if (filters.sort === 'top' && filters.period !== 'all') params.set('period', filters.period);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing anything but the page starts again at page 1. */
export function updateFilters(current: ProjectFilters, change: Partial<ProjectFilters>): ProjectFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  // A new search text starts at its own default order; none has no relevance to order by.
  if ('q' in change && !('sort' in change)) {
    const before = normalizeSearch(current.q);
    const after = normalizeSearch(change.q);
    if (current.sort === defaultSort(before) || (!after && current.sort === 'relevance')) next.sort = defaultSort(after);
  }
  return next;
}

/**
 * A case-insensitive regular expression (PostgREST `imatch`, Postgres `~*`) that matches the
 * text literally: every regex metacharacter is escaped, so '.*', '(' or '\\' in a search mean
 * themselves. (An ilike pattern cannot do this: PostgREST turns every '*' into a wildcard.)
 */
export function literalRegex(text: string): string {
  return text.replace(/[\\.^$|?*+()[\]{}]/g, (c) => `\\${c}`);
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
