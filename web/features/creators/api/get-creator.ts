import { useQuery } from '@tanstack/react-query';
import { isUuid } from '../../../../domain/ids.ts';
import { supabase } from '../../../lib/supabase.ts';
import { LISTING_COLUMNS, toProject, type Project, type ProjectRow } from '../../projects/index.ts';
import { creatorKeys } from './query-keys.ts';

const MAX_PROJECTS = 60;

export interface CreatorProfile {
  id: string;
  name: string;
  /** The @handle comments mention them by (decision 228). */
  handle: string | null;
  bio: string | null;
  avatar_url: string | null;
  links: string[];
}

export async function fetchCreator(id: string): Promise<{ creator: CreatorProfile; projects: Project[] } | null> {
  if (!isUuid(id)) return null;
  const [creator, projects] = await Promise.all([
    supabase.from('creators').select('id,name,handle,bio,avatar_url,links').eq('id', id).maybeSingle(),
    supabase
      .from('project_listing')
      .select(LISTING_COLUMNS)
      .eq('creator_id', id)
      .eq('status', 'approved')
      .order('created_at', { ascending: false })
      .limit(MAX_PROJECTS),
  ]);
  if (creator.error) throw creator.error;
  if (projects.error) throw projects.error;
  if (!creator.data) return null;
  const own = (projects.data as unknown as ProjectRow[]).map(toProject);
  return { creator: creator.data as CreatorProfile, projects: [...own, ...(await coMadeProjects(id))].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
}

/** Approved projects this creator co-makes (issue 18): they appear on their page too. */
async function coMadeProjects(id: string): Promise<Project[]> {
  const made = await supabase.from('project_makers').select('project_id').eq('user_id', id).eq('role', 'maker').order('created_at', { ascending: false }).limit(MAX_PROJECTS);
  if (made.error) throw made.error;
  const ids = (made.data as { project_id: string }[]).map((m) => m.project_id);
  if (!ids.length) return [];
  const { data, error } = await supabase.from('project_listing').select(LISTING_COLUMNS).in('id', ids).eq('status', 'approved');
  if (error) throw error;
  return (data as unknown as ProjectRow[]).map(toProject);
}

/** A creator and their approved projects, own and co-made, newest first (null when there is none). */
export function useCreator(id: string) {
  return useQuery({ queryKey: creatorKeys.page(id), queryFn: () => fetchCreator(id) });
}
