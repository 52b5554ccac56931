import { queryOptions, keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { PAGE_SIZE, type ProjectFilters } from './filters.ts';
import { projectKeys } from './query-keys.ts';
import { toProject, type Project, type ProjectRow } from './types.ts';

/**
 * Search on /projects?q= (issue 34): the search_projects RPC (db/migrations/0276) ranks the
 * list's projects by relevance, marks the matched words and, when the matches are thin, names the
 * closest project, tag or maker ("Did you mean …").
 */

export interface SearchHit extends Project {
  titleHighlight: string;
  descriptionHighlight: string;
}

export interface SearchPage {
  projects: SearchHit[];
  total: number;
  /** "Did you mean …": a listed name close to q, when its exact matches are few. */
  suggestion: string | null;
}

type SearchRow = ProjectRow & { title_highlight: string; description_highlight: string };

export async function fetchSearchPage(filters: ProjectFilters): Promise<SearchPage> {
  const { data, error } = await supabase.rpc('search_projects', {
    q: filters.q,
    tools: filters.tools,
    tags: filters.tags,
    category: filters.category,
    featured: filters.featured,
    period: filters.sort === 'top' ? filters.period : 'all',
    sort: filters.sort,
    row_limit: PAGE_SIZE,
    row_offset: (filters.page - 1) * PAGE_SIZE,
  });
  if (error) throw error;
  const answer = data as { projects: SearchRow[]; total: number; suggestion: string | null };
  return {
    total: answer.total,
    suggestion: answer.suggestion,
    projects: answer.projects.map((row) => ({
      ...toProject(row),
      titleHighlight: row.title_highlight,
      descriptionHighlight: row.description_highlight,
    })),
  };
}

export const searchPageQuery = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: projectKeys.search(filters),
    queryFn: () => fetchSearchPage(filters),
    placeholderData: keepPreviousData,
    enabled: Boolean(filters.q),
  });

export function useSearchPage(filters: ProjectFilters) {
  return useQuery(searchPageQuery(filters));
}
