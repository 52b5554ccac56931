import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import type { ProjectFilters } from './filters.ts';
import { projectKeys } from './query-keys.ts';

/**
 * How many of a search's matches each tool, tag, category and launch period has (the
 * search_facets RPC, db/migrations/0276), under the list's other filters. Counted over at most
 * 1,000 matches; `capped` says there were more.
 */
export interface SearchFacets {
  matched: number;
  capped: boolean;
  tools: Array<{ value: string; count: number }>;
  tags: Array<{ slug: string; name: string; count: number }>;
  categories: Array<{ value: string; count: number }>;
  periods: Array<{ value: 'today' | 'week' | 'month' | 'all'; count: number }>;
}

/** The part of the list's state the counts depend on (not the sort, not the page). */
export function facetFilters(filters: ProjectFilters) {
  return { q: filters.q, tools: filters.tools, tags: filters.tags, category: filters.category, featured: filters.featured };
}

export async function fetchSearchFacets(filters: ReturnType<typeof facetFilters>): Promise<SearchFacets> {
  const { data, error } = await supabase.rpc('search_facets', { ...filters, period: 'all' });
  if (error) throw error;
  return data as SearchFacets;
}

export function useSearchFacets(filters: ProjectFilters) {
  const key = facetFilters(filters);
  return useQuery(
    queryOptions({
      queryKey: projectKeys.facets(key),
      queryFn: () => fetchSearchFacets(key),
      placeholderData: keepPreviousData,
      enabled: Boolean(filters.q),
    }),
  );
}
