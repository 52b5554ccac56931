import type { Tool } from '../../../../domain/catalog.ts';
import type { ProjectFilters } from './filters.ts';

/**
 * Every query key of the projects feature, in one place (a key factory): a write or a live change
 * finds the cached lists it must update by these prefixes.
 */
export const projectKeys = {
  /** Every cached list and page of projects: what a vote patches. */
  all: ['projects'] as const,
  list: (filters: ProjectFilters) => ['projects', 'list', filters] as const,
  /** A page of search results (/projects?q=): under `all`, so a vote patches its counts too. */
  search: (filters: ProjectFilters) => ['projects', 'search', filters] as const,
  /** A search's facet counts (not projects: a vote changes none of them). */
  facets: (filters: object) => ['search-facets', filters] as const,
  home: (tool: Tool | null) => ['projects', 'home', tool] as const,
  tags: ['tags'] as const,
  /** Where a voter's "did I upvote this?" answer lives (not under `all`: a vote patches counts, not this). */
  vote: (voterId: string | null, projectId: string) => ['votes', voterId, projectId] as const,
};

/**
 * Replaces the upvote count of one project wherever it sits in a cached value (a list, `{projects}`,
 * an infinite query's `pages`), keeping the same object when the count is already right so nothing
 * re-renders for an echo of one's own vote.
 */
export function patchUpvotes(value: unknown, id: string, upvotes: number): unknown {
  if (Array.isArray(value)) return value.map((v) => patchUpvotes(v, id, upvotes));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (obj.id === id && 'upvotes' in obj && 'title' in obj) return obj.upvotes === upvotes ? obj : { ...obj, upvotes };
    if ('projects' in obj) return { ...obj, projects: patchUpvotes(obj.projects, id, upvotes) };
    if ('pages' in obj) return { ...obj, pages: patchUpvotes(obj.pages, id, upvotes) };
  }
  return value;
}
