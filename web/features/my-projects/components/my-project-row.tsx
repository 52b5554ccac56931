import { Link } from 'react-router-dom';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { formatShortDate, pluralize } from '../../../lib/format.ts';
import { formatLaunchDay } from '../../../lib/format-launch-day.ts';
import { BadgeSnippets } from '../../../components/badge-snippets.tsx';
import { projectImageUrl } from '../../projects/index.ts';
import { LiveRank } from '../../launches/index.ts';
import { projectStatsPath } from '../../project-stats/index.ts';
import { Suspense } from 'react';
import type { MyProject } from '../api/my-projects-query.ts';
import { StatusBadge } from './status-badge.tsx';

/** The primary tool first, then the others in name order, as cards show them. */
export function rowTools(project: Pick<MyProject, 'tool' | 'project_tools'>): string[] {
  const others = (project.project_tools ?? []).map((t) => t.tool).filter((t) => t !== project.tool).sort();
  return [project.tool, ...others];
}

export function MyProjectRow({ project, onEdit, onDelete }: { project: MyProject; onEdit: () => void; onDelete?: () => void }) {
  const published = project.status === 'approved';
  const tags = (project.project_tags ?? []).flatMap((t) => (t.tags ? [t.tags] : [])).sort((a, b) => a.name.localeCompare(b.name));
  const galleryCount = project.project_images?.length ?? 0;
  const launchDay = formatLaunchDay(project.launch_date ?? project.launched_at ?? '');
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row" data-testid="my-project">
      <img
        src={projectImageUrl(project.image_url, IMAGE_SIZE_FOR.row)}
        alt=""
        width={160}
        height={90}
        loading="lazy"
        className="aspect-video w-full shrink-0 rounded-lg bg-muted object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 break-words text-lg font-semibold leading-tight">
            {/* Also before it is published: its page shows the maker where it stands in review. */}
            <Link to={`/projects/${project.id}`} className="hover:underline">
              {project.title}
            </Link>
          </h2>
          <StatusBadge status={project.status} />
          {project.featured && <Badge variant="featured">Featured</Badge>}
        </div>
        <p className="break-words text-sm text-muted-foreground">{project.description}</p>
        {project.status === 'rejected' && project.rejection_reason && (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-400/10 dark:text-red-200">
            <span className="font-semibold">Reason:</span> {project.rejection_reason}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {rowTools(project).map((t) => (
            <Badge key={t} variant="secondary" data-testid="row-tool">{t}</Badge>
          ))}
          <Badge variant="outline">{project.category}</Badge>
          {tags.map((t) => (
            <Badge key={t.slug} variant="outline" data-testid="row-tag">#{t.name}</Badge>
          ))}
          {/* One span, so the middle dot never starts a line of its own at 375 px. */}
          <span>
            Submitted {formatShortDate(project.created_at)}
            {published && ` · ${pluralize(project.upvotes, 'upvote')}`}
            {project.launched_at && project.status === 'approved'
              ? new Date(project.launched_at).getTime() > Date.now()
                ? ` · launches ${launchDay}`
                : ` · launched ${launchDay}`
              : project.launch_date
                ? ` · launch day ${launchDay}`
                : ''}
            {` · ${galleryCount === 0 ? 'no gallery yet' : pluralize(galleryCount, 'gallery image')}`}
          </span>
        </div>
        {/* Launched in the last day and a half: where it stands in today's list, live (issue 30). */}
        {project.status === 'approved' && project.launched_at && Date.now() - new Date(project.launched_at).getTime() < 36 * 3600_000 && Date.now() >= new Date(project.launched_at).getTime() && (
          <Suspense fallback={null}>
            <LiveRank projectId={project.id} />
          </Suspense>
        )}
        {project.status === 'approved' && project.launched_at && new Date(project.launched_at).getTime() <= Date.now() && (
          <BadgeSnippets projectId={project.id} title={project.title} />
        )}
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${project.title}`}>
          <PencilIcon className="h-4 w-4" /> Edit
        </Button>
        {/* The project page's panel, for quick changes to what the edit form does not hold. */}
        <Link to={`/projects/${project.id}#extras`} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Gallery & more: tools, tags, gallery and video of ${project.title}`}>
          Gallery &amp; more
        </Link>
        {/* Views, clicks, votes and the launch day's rank, once it is published (issue 32). */}
        {published && (
          <Link to={projectStatsPath(project.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Stats of ${project.title}`}>
            Stats
          </Link>
        )}
        {/* Co-makers edit; only the owner deletes (issue 18). */}
        {onDelete && (
          <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${project.title}`} className="text-destructive">
            <TrashIcon className="h-4 w-4" /> Delete
          </Button>
        )}
      </div>
    </li>
  );
}
