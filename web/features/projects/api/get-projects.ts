import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_COLUMNS } from '../../../../domain/first-screen.ts';
import { HOME_FEATURED_LIMIT, HOME_NON_FEATURED_LIMIT } from '../../../../domain/limits.ts';
import { supabase } from '../../../lib/supabase.ts';
import { PAGE_SIZE, type ProjectFilters } from './filters.ts';
import type { Tool } from '../../../../domain/catalog.ts';
import { projectKeys } from './query-keys.ts';
import { toProject, type Project, type ProjectRow } from './types.ts';

// The same columns the server reads for the first screen (domain/first-screen.ts).
export { LISTING_COLUMNS };

/** The listing view's column for each of Top's periods (site time zone, db/migrations/0092). */
const PERIOD_COLUMN = { today: 'created_today', week: 'created_this_week', month: 'created_this_month' } as const;

export interface ProjectPage {
  projects: Project[];
  total: number;
}

export async function fetchProjectPage(filters: ProjectFilters): Promise<ProjectPage> {
  // A search (filters.q) is search_projects' (./search-projects.ts): this is the list without one.
  let query = supabase.from('project_listing').select(LISTING_COLUMNS, { count: 'exact' }).eq('status', 'approved');
  if (filters.tools.length) query = query.overlaps('tools', filters.tools);
  if (filters.tags.length) query = query.contains('tag_slugs', filters.tags);
  if (filters.category) query = query.eq('category', filters.category);
  if (filters.featured) query = query.eq('featured', true);
  // Top and Trending rank on points (votes weighed by who cast them, decision 121); the card still
  // shows the number of votes.
  if (filters.sort === 'top') {
    if (filters.period !== 'all') query = query.eq(PERIOD_COLUMN[filters.period], true);
    query = query.order('points', { ascending: false });
  }
  if (filters.sort === 'trending') query = query.order('trending_score', { ascending: false });
  query = query.order('created_at', { ascending: false }).order('id', { ascending: false });
  const from = (filters.page - 1) * PAGE_SIZE;
  const { data, error, count } = await query.range(from, from + PAGE_SIZE - 1);
  if (error) {
    // Past the last page PostgREST answers 416; that is an empty page, not a failure.
    if (error.code === 'PGRST103') return { projects: [], total: count ?? 0 };
    throw error;
  }
  return { projects: (data as unknown as ProjectRow[]).map(toProject), total: count ?? 0 };
}

export const projectPageQuery = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: () => fetchProjectPage(filters),
    placeholderData: keepPreviousData,
    enabled: !filters.q,
  });

export function useProjectPage(filters: ProjectFilters) {
  return useQuery(projectPageQuery(filters));
}


/** Home: every featured project first (up to 24), then at most 8 others, for one tool or all. */
export async function fetchHomeProjects(tool: Tool | null): Promise<Project[]> {
  const base = () => {
    let q = supabase.from('project_listing').select(LISTING_COLUMNS).eq('status', 'approved');
    if (tool) q = q.eq('tool', tool);
    return q;
  };
  const [featured, others] = await Promise.all([
    base().eq('featured', true).order('created_at', { ascending: false }).limit(HOME_FEATURED_LIMIT),
    base().eq('featured', false).order('created_at', { ascending: false }).limit(HOME_NON_FEATURED_LIMIT),
  ]);
  if (featured.error) throw featured.error;
  if (others.error) throw others.error;
  return [...(featured.data as unknown as ProjectRow[]), ...(others.data as unknown as ProjectRow[])].map(toProject);
}

export function useHomeProjects(tool: Tool | null) {
  return useQuery({ queryKey: projectKeys.home(tool), queryFn: () => fetchHomeProjects(tool) });
}
