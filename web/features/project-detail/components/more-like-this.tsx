import { ProjectCard, ProjectGrid } from '../../projects/index.ts';
import { useRelatedProjects } from '../api/related-projects.ts';

/** Projects sharing tags and tools, then the category (one RPC, db/migrations/0172). */
export function MoreLikeThis({ projectId }: { projectId: string }) {
  const { data } = useRelatedProjects(projectId);
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
