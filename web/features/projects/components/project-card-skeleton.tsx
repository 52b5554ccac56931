import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * One line of placeholder text: a bar inside a line box of the real text's size, so heights match.
 * The height is a class, not a style attribute: the server draws skeletons (a search's results are
 * read by POST, so drawn loading) and its CSP refuses inline styles.
 */
function Line({ className }: { className: string }) {
  return (
    <div className="flex h-[1lh] items-center">
      <Skeleton className={`h-[0.8em] ${className}`} />
    </div>
  );
}

/**
 * A ProjectCard still loading, line for line the card's own layout (the same paddings, gaps, font
 * sizes and line heights, the description's three lines, the upvote button's height), so nothing
 * moves when the real cards replace it.
 */
export function ProjectCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="project-skeleton">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="text-lg leading-snug">
          <Line className="w-3/4" />
        </div>
        <div className="text-sm">
          <Line className="w-1/2" />
        </div>
        <div className="text-xs">
          <Line className="w-1/3" />
        </div>
        <div className="text-sm">
          <Line className="w-full" />
          <Line className="w-full" />
          <Line className="w-2/3" />
        </div>
        <div className="mt-auto flex items-center justify-between pt-2">
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-4 w-8" />
        </div>
      </div>
    </div>
  );
}
