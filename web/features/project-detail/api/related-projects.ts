import { useQuery } from '@tanstack/react-query';
import { LISTING_COLUMNS } from '../../../../domain/first-screen.ts';
import { RELATED_PROJECTS_COUNT } from '../../../../domain/richer-projects.ts';
import { supabase } from '../../../lib/supabase.ts';
import { toProject, type ProjectRow } from '../../projects/index.ts';
import { projectDetailKeys } from './query-keys.ts';

/** Projects sharing tags and tools, then the category (one RPC, db/migrations/0172). */
export function useRelatedProjects(projectId: string) {
  return useQuery({
    queryKey: projectDetailKeys.related(projectId),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('related_projects', { target: projectId, max_rows: RELATED_PROJECTS_COUNT }).select(LISTING_COLUMNS);
      if (error) throw error;
      return (data as unknown as ProjectRow[]).map(toProject);
    },
  });
}
