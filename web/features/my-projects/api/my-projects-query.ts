import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '../../../../domain/catalog.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { ProjectRow } from '../../projects/api/types.ts';

export const MY_PROJECTS_PAGE_SIZE = 20;

/** A projects row as its owner reads it: any review state, with the reason a rejection gave. */
export interface MyProject
  extends Pick<
    ProjectRow,
    'id' | 'title' | 'description' | 'long_description' | 'image_url' | 'live_url' | 'github_url' | 'tool' | 'category' | 'created_at' | 'upvotes' | 'featured'
  > {
  status: ProjectStatus;
  rejection_reason: string | null;
  launch_date: string | null;
  launched_at: string | null;
  creators: { id: string; name: string; bio: string | null } | null;
}

const COLUMNS =
  'id,title,description,long_description,image_url,live_url,github_url,tool,category,created_at,status,rejection_reason,upvotes,featured,launch_date,launched_at,creators(id,name,bio)';

export const myProjectsKey = (userId: string | undefined) => ['my-projects', userId] as const;

/**
 * Spec §7 "My projects": the caller's projects with the embedded creator, newest first, a page
 * at a time. RLS lets owners read their own rows in any review state.
 */
export async function fetchMyProjects(userId: string, page: number): Promise<MyProject[]> {
  const from = page * MY_PROJECTS_PAGE_SIZE;
  const { data, error } = await supabase
    .from('projects')
    .select(COLUMNS)
    .eq('creator_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + MY_PROJECTS_PAGE_SIZE - 1);
  if (error) throw error;
  return data as unknown as MyProject[];
}

export function useMyProjects(userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: myProjectsKey(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchMyProjects(userId!, pageParam),
    getNextPageParam: (last, all) => (last.length === MY_PROJECTS_PAGE_SIZE ? all.length : undefined),
  });
}
