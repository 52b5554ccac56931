import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { pluralize } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCreator, type CreatorProfile } from './api/get-creator.ts';
import { CreatorLinks, CreatorStatsLine } from './components/creator-profile-extras.tsx';
import { FollowButton, MuteButton, useCollectionsOf, useFollowCounts as useFollowFor } from '../people/index.ts';
import { ProjectCard, ProjectCardSkeleton, ProjectGrid, type Project } from '../projects/index.ts';

/** A creator's public page: name, bio and their approved projects. */
export default function CreatorPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useCreator(id);
  useDocumentTitle(data?.creator.name ?? (isPending ? undefined : 'Creator not found'));

  if (isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-busy="true">
        <div className="flex items-center gap-4">
          <Skeleton className="h-16 w-16 rounded-full" />
          <Skeleton className="h-8 w-48" />
        </div>
        <div className="mt-10">
          <ProjectGrid>
            {[0, 1, 2].map((i) => (
              <ProjectCardSkeleton key={i} />
            ))}
          </ProjectGrid>
        </div>
      </div>
    );
  }

  if (isError || !data) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{isError ? "Couldn't load this creator" : 'Creator not found'}</h1>
        <p className="mt-4 text-muted-foreground">
          {isError ? 'Check your connection and try again.' : "The creator you're looking for doesn't exist or has left the community."}
        </p>
        <Link to="/projects" className={buttonVariants({ className: 'mt-8' })}>
          Browse Projects
        </Link>
      </section>
    );
  }

  return <CreatorView creator={data.creator} projects={data.projects} />;
}

function CreatorView({ creator, projects }: { creator: CreatorProfile; projects: Project[] }) {
  const counts = useFollowFor(creator.id);
  const collections = useCollectionsOf(creator.id, { publicOnly: true });
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <Link to="/projects" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon /> Back to Projects
      </Link>
      <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={creator.name} url={creator.avatar_url} size="lg" />
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight">{creator.name}</h1>
          {creator.handle && <p className="break-all text-sm text-muted-foreground">@{creator.handle}</p>}
          <p className="text-sm text-muted-foreground">
            {pluralize(projects.length, 'project')}
            {counts.data && <span data-testid="followers-count"> · {pluralize(counts.data.followers, 'follower')}</span>}
          </p>
          <CreatorStatsLine creatorId={creator.id} />
        </div>
        <div className="flex items-center gap-2 sm:ml-auto">
          <FollowButton makerId={creator.id} makerName={creator.name} />
          <MuteButton memberId={creator.id} memberName={creator.name} />
        </div>
      </header>
      {creator.bio && <p className="mt-6 max-w-3xl whitespace-pre-line break-words text-muted-foreground">{creator.bio}</p>}
      <CreatorLinks links={creator.links ?? []} />

      <section aria-labelledby="creator-projects" className="mt-12">
        <h2 id="creator-projects" className="text-2xl font-bold tracking-tight">
          Projects
        </h2>
        <div className="mt-6">
          {projects.length === 0 ? (
            <p className="text-muted-foreground">No published projects yet.</p>
          ) : (
            <ProjectGrid>
              {projects.map((p) => (
                <ProjectCard key={p.id} project={p} />
              ))}
            </ProjectGrid>
          )}
        </div>
      </section>

      {collections.data && collections.data.length > 0 && (
        <section aria-labelledby="creator-collections" className="mt-12">
          <h2 id="creator-collections" className="text-2xl font-bold tracking-tight">
            Collections
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {collections.data.map((c) => (
              <li key={c.id}>
                <Link to={`/collections/${c.id}`} className="block h-full rounded-xl border border-border bg-card p-4 hover:border-primary">
                  <span className="block break-words font-semibold">{c.name}</span>
                  {c.description && <span className="mt-1 line-clamp-2 block break-words text-sm text-muted-foreground">{c.description}</span>}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/collections" className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            Browse all collections
          </Link>
        </section>
      )}
    </div>
  );
}
