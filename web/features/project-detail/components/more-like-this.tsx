import { useQuery } from '@tanstack/react-query';
import { LISTING_COLUMNS } from '../../../../domain/first-screen.ts';
import { RELATED_PROJECTS_COUNT } from '../../../../domain/richer-projects.ts';
import { supabase } from '../../../lib/supabase.ts';
import { ProjectCard, ProjectGrid, toProject, type ProjectRow } from '../../projects/index.ts';

/** Projects sharing tags and tools, then the category (one RPC, db/migrations/0172). */
export function MoreLikeThis({ projectId }: { projectId: string }) {
  const { data } = useQuery({
    queryKey: ['projects', 'related', projectId],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('related_projects', { target: projectId, max_rows: RELATED_PROJECTS_COUNT }).select(LISTING_COLUMNS);
      if (error) throw error;
      return (data as unknown as ProjectRow[]).map(toProject);
    },
  });
  if (!data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        More like this
      </h2>
      <div className="mt-6">
        <ProjectGrid>
          {data.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </ProjectGrid>
      </div>
    </section>
  );
}
