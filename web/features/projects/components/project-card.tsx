import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IMAGE_SIZE_FOR } from '../../../../domain/image-sizes.ts';
import { MessageIcon, StarIcon } from '../../../components/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useCountImpression } from '../../../lib/beacon.ts';
import { pluralize } from '../../../lib/format.ts';
import { PLACEHOLDER_IMAGE, projectImageUrl } from '../api/image-url.ts';
import type { Project } from '../api/types.ts';
import { Highlighted } from './highlighted.tsx';
import { UpvoteButton } from './upvote-button.tsx';

const THUMB = IMAGE_SIZE_FOR.card;

/** A search's marked name and tagline for a card (see ../api/search-projects.ts). */
export interface CardHighlight {
  title: string;
  description: string;
}

/** A project in a grid: every piece of user text is rendered as text, never as HTML. */
export function ProjectCard({ project, priority = false, highlight }: { project: Project; priority?: boolean; highlight?: CardHighlight }) {
  const category = project.categories[0];
  // A card seen counts as an impression of its project (one beacon per page, decision 236).
  const card = useRef<HTMLElement>(null);
  useCountImpression(card, project.id);
  return (
    <article ref={card} className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/projects/${project.id}`} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-muted">
        <img
          src={projectImageUrl(project.imageUrl, THUMB)}
          alt=""
          width={THUMB.width}
          height={THUMB.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
          className="aspect-video h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-lg font-semibold leading-snug">
            <Link to={`/projects/${project.id}`} className="break-words hover:text-primary focus-visible:text-primary">
              {highlight ? <Highlighted value={highlight.title} /> : project.title}
            </Link>
          </h3>
          {project.award ? (
            <Badge variant="featured" className="shrink-0" title={project.award}>
              <StarIcon className="h-3 w-3" /> {project.award.replace(/ Project of the /, ' of the ')}
            </Badge>
          ) : (
            project.featured && (
              <Badge variant="featured" className="shrink-0">
                <StarIcon className="h-3 w-3" /> Featured
              </Badge>
            )
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>
            by{' '}
            {project.creator.name === 'Unknown' ? (
              <span className="font-medium text-foreground">Unknown</span>
            ) : (
              <Link to={`/creators/${project.creator.id}`} className="font-medium text-foreground hover:text-primary">
                {project.creator.name}
              </Link>
            )}
          </span>
          {category && (
            <>
              <span aria-hidden="true">·</span>
              <Badge variant="secondary">{category}</Badge>
            </>
          )}
        </div>
        {/* One line, always (every project has a tool), so the skeleton's line matches it. */}
        {(
          <p className="flex gap-x-2 overflow-hidden whitespace-nowrap text-xs text-muted-foreground" data-testid="card-tools-tags">
            <span className="font-medium text-foreground">{project.toolsUsed.join(' + ')}</span>
            {/* Text, not links: a card keeps its few tab stops; the project page links each tag. */}
            {project.tags.slice(0, 3).map((t) => (
              <span key={t.slug}>#{t.name}</span>
            ))}
          </p>
        )}
        {/* Always three lines tall, as the skeleton is: a short description does not make a shorter card. */}
        <p className="line-clamp-3 min-h-[3lh] break-words text-sm text-muted-foreground">
          {highlight ? <Highlighted value={highlight.description} /> : project.description}
        </p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <UpvoteButton projectId={project.id} upvotes={project.upvotes} title={project.title} />
          <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="comment-count">
            <MessageIcon className="h-4 w-4" />
            <span className="sr-only">{pluralize(project.commentCount, 'comment')}</span>
            <span aria-hidden="true">{project.commentCount}</span>
          </span>
        </div>
      </div>
    </article>
  );
}

export function ProjectGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
