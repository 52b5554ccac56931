import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '../../../../domain/catalog.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { ProjectRow } from '../../projects/index.ts';
import { myProjectsKeys } from './query-keys.ts';

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
  /** Whether its outbound links carry ?ref=<site host> (decision 237); the maker's switch. */
  outbound_ref?: boolean | null;
  creators: { id: string; name: string; bio: string | null } | null;
  /** Every tool (the primary one is `tool`), the tags and the gallery, for the row (issue 30 L9). */
  project_tools?: Array<{ tool: string }> | null;
  project_tags?: Array<{ tags: { slug: string; name: string } | null }> | null;
  project_images?: Array<{ id: string }> | null;
}

const COLUMNS =
  'id,title,description,long_description,image_url,live_url,github_url,tool,category,created_at,status,rejection_reason,upvotes,featured,launch_date,launched_at,outbound_ref,creators(id,name,bio),project_tools(tool),project_tags(tags(slug,name)),project_images(id)';

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
    queryKey: myProjectsKeys.mine(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchMyProjects(userId!, pageParam),
    getNextPageParam: (last, all) => (last.length === MY_PROJECTS_PAGE_SIZE ? all.length : undefined),
  });
}

/**
 * Projects the caller co-makes (issue 18): accepted invitations, newest first. They edit them as
 * the owner does; only the owner deletes.
 */
export async function fetchCoMadeProjects(userId: string): Promise<MyProject[]> {
  const made = await supabase
    .from('project_makers')
    .select('project_id')
    .eq('user_id', userId)
    .eq('role', 'maker')
    .order('created_at', { ascending: false })
    .limit(MY_PROJECTS_PAGE_SIZE);
  if (made.error) throw made.error;
  const ids = (made.data as { project_id: string }[]).map((m) => m.project_id);
  if (!ids.length) return [];
  const { data, error } = await supabase.from('projects').select(COLUMNS).in('id', ids);
  if (error) throw error;
  const byId = new Map((data as unknown as MyProject[]).map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function useCoMadeProjects(userId: string | undefined) {
  return useQuery({
    queryKey: myProjectsKeys.coMade(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: () => fetchCoMadeProjects(userId!),
  });
}
