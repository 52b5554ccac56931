import { Link } from 'react-router-dom';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatShortDate, pluralize } from '../../../lib/format.ts';
import { BadgeSnippets } from '../../../components/badge-snippets.tsx';
import { projectImageUrl } from '../../projects/index.ts';
import type { MyProject } from '../api/my-projects-query.ts';
import { StatusBadge } from './status-badge.tsx';

export function MyProjectRow({ project, onEdit, onDelete }: { project: MyProject; onEdit: () => void; onDelete?: () => void }) {
  const published = project.status === 'approved';
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
          <Badge variant="secondary">{project.tool}</Badge>
          <Badge variant="outline">{project.category}</Badge>
          {/* One span, so the middle dot never starts a line of its own at 375 px. */}
          <span>
            Submitted {formatShortDate(project.created_at)}
            {published && ` · ${pluralize(project.upvotes, 'upvote')}`}
            {project.launched_at && project.status === 'approved'
              ? new Date(project.launched_at).getTime() > Date.now()
                ? ` · launches ${new Date(project.launched_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
                : ` · launched ${new Date(project.launched_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
              : project.launch_date
                ? ` · launch day ${project.launch_date}`
                : ''}
          </span>
        </div>
        {project.status === 'approved' && project.launched_at && new Date(project.launched_at).getTime() <= Date.now() && (
          <BadgeSnippets projectId={project.id} title={project.title} />
        )}
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${project.title}`}>
          <PencilIcon className="h-4 w-4" /> Edit
        </Button>
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
