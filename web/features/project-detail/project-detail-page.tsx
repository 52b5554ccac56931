import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages.ts';
import { ArrowLeftIcon, CodeIcon, ExternalLinkIcon, StarIcon } from '../../components/icons.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { countOutboundClick, useCountView } from '../../lib/beacon.ts';
import { useNow } from '../../lib/clock.ts';
import { outboundLinkProps } from '../../lib/outbound-link.ts';
import { formatShortDate, initials } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CommentsSection } from '../comments/index.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { UpvoteButton } from '../projects/index.ts';
import { AddToCollectionButton, BookmarkButton, FollowButton, MakersPanel, useProjectMakers } from '../people/index.ts';
import { BadgeSnippets } from '../../components/badge-snippets.tsx';
import { ReportButton } from '../reports/index.ts';
import { projectStatsPath } from '../project-stats/index.ts';
import { Gallery } from './components/gallery.tsx';
import { MoreLikeThis } from './components/more-like-this.tsx';
import { ShareBar } from './components/share-bar.tsx';
import { VideoFacade } from './components/video-facade.tsx';
import { useProject, type ProjectDetail } from './api/get-project.ts';
import { LiveUpvotes, ViewingNow } from './components/live-parts.tsx';


const ExtrasEditor = lazy(() => import('../project-media/index.ts'));

export default function ProjectDetailPage() {
  const { id = '' } = useParams();
  const { data: project, isPending, isError, refetch } = useProject(id);

  useEffect(() => {
    if (isError) toast({ variant: 'destructive', ...MESSAGES.projectLoadError });
  }, [isError]);
  useDocumentTitle(project ? project.title : isPending ? undefined : MESSAGES.projectNotFound.title);

  if (isPending) return <DetailSkeleton />;
  if (isError || !project) return <NotFound onRetry={isError ? () => void refetch() : undefined} />;
  return <ProjectView project={project} />;
}

/**
 * Shown above a project that is not public yet (only its maker and staff can open it): it says so,
 * and the page offers nothing that needs a public project (upvotes, comments, reports).
 */
function ReviewNotice({ project, isMaker }: { project: ProjectDetail; isMaker: boolean }) {
  const rejected = project.status === 'rejected';
  const who = isMaker ? 'Only you, any co-makers and the moderators' : 'Only its makers and the moderators';
  return (
    <div
      role="status"
      className={
        rejected
          ? 'mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-400/40 dark:bg-red-400/10 dark:text-red-100'
          : 'mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100'
      }
    >
      <p className="font-semibold">{rejected ? 'Rejected' : 'Pending review'}</p>
      <p className="mt-1">
        {rejected
          ? `This project was not published. ${who} can see this page.`
          : `This project is not public yet. ${who} can see this page until it is approved.`}
      </p>
      {rejected && project.rejectionReason && (
        <p className="mt-2 break-words">
          <span className="font-semibold">Reason:</span> {project.rejectionReason}
        </p>
      )}
      {isMaker && (
        <Link to="/my-projects" className="mt-3 inline-block font-medium underline underline-offset-4">
          {rejected ? 'Edit it in My Projects to send it back to review' : 'See it in My Projects'}
        </Link>
      )}
    </div>
  );
}

/**
 * Shown above an approved project whose launch is still ahead (only its makers and staff can open
 * it): when it launches, and nothing that needs a launched project (votes, comments, sharing).
 */
function ScheduledNotice({ launchedAt }: { launchedAt: string | null }) {
  return (
    <div
      role="status"
      className="mt-6 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-400/40 dark:bg-sky-400/10 dark:text-sky-100"
    >
      <p>
        <span className="font-semibold">Scheduled:</span>{' '}
        {launchedAt ? (
          <>
            launches on <time dateTime={launchedAt}>{new Date(launchedAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}</time>
          </>
        ) : (
          'launch day not set yet'
        )}
      </p>
      <p className="mt-1">Its page opens to everyone at launch, with upvotes, comments and sharing. Until then it is listed under Upcoming.</p>
      <Link to="/upcoming" className="mt-3 inline-block font-medium underline underline-offset-4">
        See upcoming launches
      </Link>
    </div>
  );
}

/** Whether an approved project's launch time has come at `now`. */
function isLaunched(project: ProjectDetail, now: number): boolean {
  return project.status === 'approved' && project.launchedAt !== null && Date.parse(project.launchedAt) <= now;
}

function ProjectView({ project }: { project: ProjectDetail }) {
  const about = project.longDescription || project.description;
  const { user } = useAuth();
  const makers = useProjectMakers(project.id);
  // Co-makers are makers (issue 30, decision 220): the owner and every accepted co-maker see the
  // same panels, badges and notices; what only the owner may do is refused by the database.
  const isMaker = Boolean(user) && (user?.id === project.creator.id || Boolean(makers.data?.some((m) => m.user_id === user?.id)));
  const published = project.status === 'approved';
  // Votes, comments, sharing and live parts wait for the launch (issue 16), as the database does.
  const launched = isLaunched(project, useNow());
  useCountView(launched ? project.id : undefined);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      {launched && <LiveUpvotes projectId={project.id} />}
      <Link to="/projects" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon /> Back to Projects
      </Link>
      {!published && <ReviewNotice project={project} isMaker={isMaker} />}
      {published && !launched && <ScheduledNotice launchedAt={project.launchedAt} />}

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{project.title}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {project.toolsUsed.map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
            {project.categories.map((c) => (
              <Badge key={c} variant="secondary">
                {c}
              </Badge>
            ))}
            {project.featured && (
              <Badge variant="featured">
                <StarIcon className="h-3 w-3" /> Featured
              </Badge>
            )}
            {project.awards.map((a) => (
              <Link key={a.href} to={a.href} className="inline-flex rounded-full hover:opacity-80" title={`See the leaderboard where it won ${a.label}`}>
                <Badge variant="featured">
                  <StarIcon className="h-3 w-3" /> {a.label}
                </Badge>
              </Link>
            ))}
            {project.tags.map((t) => (
              <Link key={t.slug} to={`/tags/${t.slug}`} className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted-foreground hover:text-primary">
                #{t.name}
              </Link>
            ))}
            <span className="text-sm text-muted-foreground">
              Added <time dateTime={project.createdAt}>{formatShortDate(project.createdAt)}</time>
            </span>
            {launched && <ViewingNow projectId={project.id} />}
          </div>
        </div>
        {launched && (
          <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
            <UpvoteButton projectId={project.id} upvotes={project.upvotes} title={project.title} size="lg" />
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <BookmarkButton projectId={project.id} />
              <AddToCollectionButton projectId={project.id} />
              {/* Its makers' numbers: views, clicks, votes, rank (issue 32); the database refuses anyone else. */}
              {isMaker && (
                <Link to={projectStatsPath(project.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Stats of ${project.title}`}>
                  Stats
                </Link>
              )}
            </div>
            {/* Nobody reports a project they make (defect 13, M3). */}
            {!isMaker && <ReportButton type="project" targetId={project.id} label={`Report ${project.title}`} className="text-muted-foreground" />}
          </div>
        )}
      </header>

      <Gallery title={project.title} images={project.images.length ? project.images : [{ id: 'cover', url: project.imageUrl, alt: `Screenshot of ${project.title}` }]} />

      {(project.liveUrl || project.githubUrl) && (
        <div className="mt-6 flex flex-wrap gap-3">
          {project.liveUrl && (
            <a {...outboundLinkProps(project.liveUrl, project.outboundRef)} onClick={() => countOutboundClick(project.id, 'live')} onAuxClick={() => countOutboundClick(project.id, 'live')} className={buttonVariants()}>
              <ExternalLinkIcon /> View Live Site
            </a>
          )}
          {project.githubUrl && (
            <a {...outboundLinkProps(project.githubUrl, project.outboundRef)} onClick={() => countOutboundClick(project.id, 'repo')} onAuxClick={() => countOutboundClick(project.id, 'repo')} className={buttonVariants({ variant: 'outline' })}>
              <CodeIcon /> View Source
            </a>
          )}
        </div>
      )}

      {launched && <ShareBar title={project.title} />}
      {isMaker && launched && (
        <div className="mt-4">
          <BadgeSnippets projectId={project.id} title={project.title} />
        </div>
      )}
      {isMaker && (
        <Suspense fallback={null}>
          <ExtrasEditor project={project} />
        </Suspense>
      )}
      {project.videoUrl && <VideoFacade title={project.title} videoUrl={project.videoUrl} posterUrl={project.videoPosterUrl} coverUrl={project.images[0]?.url ?? project.imageUrl} />}

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-2xl font-bold tracking-tight">
              About this project
            </h2>
            <p className="mt-4 whitespace-pre-line break-words leading-relaxed text-foreground/90">{about}</p>
          </section>
          <CommentsSection
            projectId={project.id}
            makerIds={[project.creator.id, ...(makers.data ?? []).map((m) => m.user_id)]}
            commentCount={project.commentCount}
            closedNote={launched ? undefined : published ? 'Comments open at launch.' : 'Comments open once the project is published.'}
          />
        </div>

        <aside aria-labelledby="creator-heading" className="h-fit rounded-xl border border-border bg-card p-6">
          <h2 id="creator-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Creator
          </h2>
          <div className="mt-4 flex items-center gap-3">
            <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-accent-soft font-semibold text-accent-soft-foreground">
              {initials(project.creator.name)}
            </span>
            {project.creator.name === 'Unknown' ? (
              <span className="font-semibold">Unknown</span>
            ) : (
              <Link to={`/creators/${project.creator.id}`} className="break-words font-semibold hover:text-primary" data-testid="creator-link">
                {project.creator.name}
              </Link>
            )}
          </div>
          {project.creator.bio && <p className="mt-4 whitespace-pre-line break-words text-sm text-muted-foreground">{project.creator.bio}</p>}
          {project.creator.name !== 'Unknown' && (
            <div className="mt-4">
              <FollowButton makerId={project.creator.id} makerName={project.creator.name} />
            </div>
          )}
          <MakersPanel projectId={project.id} ownerId={project.creator.id} />
        </aside>
      </div>
      {launched && <MoreLikeThis projectId={project.id} />}
    </article>
  );
}

function NotFound({ onRetry }: { onRetry?: () => void }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{MESSAGES.projectNotFound.title}</h1>
      <p className="mt-4 text-muted-foreground">{MESSAGES.projectNotFound.description}</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className={buttonVariants()}>
          Back to Home
        </Link>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true" aria-label="Loading project">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-6 h-10 w-2/3" />
      <div className="mt-4 flex gap-2">
        <Skeleton className="h-6 w-16 rounded-full" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="mt-8 aspect-video w-full rounded-2xl" />
      <Skeleton className="mt-10 h-7 w-48" />
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-5/6" />
    </div>
  );
}
