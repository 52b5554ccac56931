import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon, RssIcon } from '../../components/icons.tsx';
import { pluralize } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ProjectCard, ProjectCardSkeleton, ProjectGrid } from '../projects/index.ts';
import { useTag } from './api/get-tag.ts';
import { TagFollowButton } from './components/tag-follow-button.tsx';

/** /tags/{slug}: the tag's newest projects, a link to all of them on /projects, and its feed. */
export default function TagPage() {
  const { slug = '' } = useParams();
  const { data, isPending, isError } = useTag(slug);
  useDocumentTitle(data ? `#${data.tag.name}` : isPending ? undefined : 'Tag not found');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <Link to="/projects" className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon /> All Projects
      </Link>
      {isPending ? (
        <div className="mt-8" aria-busy="true">
          <ProjectGrid>
            {[0, 1, 2].map((i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </ProjectGrid>
        </div>
      ) : isError || !data ? (
        <div className="mt-8 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <h1 className="text-lg font-semibold">{isError ? "Couldn't load this tag" : 'Tag not found'}</h1>
        </div>
      ) : (
        <>
          <header className="mt-6 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">#{data.tag.name}</h1>
              <p className="mt-2 text-muted-foreground">{pluralize(data.total, 'project')} tagged {data.tag.name}.</p>
            </div>
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <TagFollowButton tagId={data.tag.id} tagName={data.tag.name} />
              <Link to={`/projects?tag=${data.tag.slug}`} className="font-medium text-primary hover:underline">
                Filter all projects
              </Link>
              <a href={`/tags/${data.tag.slug}/feed.xml`} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
                <RssIcon className="h-4 w-4" /> RSS feed
              </a>
            </div>
          </header>
          <section aria-labelledby="tag-projects-heading" className="mt-8">
        {/* The cards' titles are h3: this h2 keeps the outline h1 › h2 › h3. */}
        <h2 id="tag-projects-heading" className="sr-only">
          {`Projects tagged ${data.tag.name}`}
        </h2>
            {data.projects.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border px-6 py-16 text-center text-muted-foreground">No projects with this tag yet.</p>
            ) : (
              <ProjectGrid>
                {data.projects.map((p, i) => (
                  <ProjectCard key={p.id} project={p} priority={i < 3} />
                ))}
              </ProjectGrid>
            )}
          </section>
        </>
      )}
    </div>
  );
}
