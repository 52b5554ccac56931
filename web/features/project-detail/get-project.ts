import { useQuery } from '@tanstack/react-query';
import { PROJECT_DETAIL_SELECT } from '../../../domain/first-screen.ts';
import { supabase } from '../../lib/supabase.ts';
import { toProject, type Project, type ProjectRow } from '../projects/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/**
 * The page's project, with its review state: visitors only ever see approved projects, but RLS
 * also lets owners (and staff) open one that is pending or rejected.
 */
export interface ProjectDetail extends Project {
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
}

/** One project with its creator (spec §7 "Read one project"); null when there is no such visible project. */
export async function fetchProject(id: string): Promise<ProjectDetail | null> {
  // A malformed id cannot name a project; asking would only earn a database error.
  if (!UUID.test(id)) return null;
  const { data, error } = await supabase.from('projects').select(PROJECT_DETAIL_SELECT).eq('id', id).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as ProjectRow & { status?: ProjectDetail['status']; rejection_reason?: string | null };
  return { ...toProject(row), status: row.status ?? 'approved', rejectionReason: row.rejection_reason ?? null };
}

export function useProject(id: string) {
  return useQuery({ queryKey: ['projects', 'detail', id], queryFn: () => fetchProject(id), retry: 1 });
}
