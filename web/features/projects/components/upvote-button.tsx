import { ArrowUpIcon } from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { useUpvote } from '../api/use-upvote.ts';

export function UpvoteButton({
  projectId,
  upvotes,
  title,
  size = 'default',
}: {
  projectId: string;
  upvotes: number;
  title: string;
  size?: 'default' | 'lg';
}) {
  const { upvoted, count, pending, checking, toggle } = useUpvote(projectId, upvotes);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={upvoted}
      // Until the voter's mark is known a click could only guess (and toggle the wrong way).
      disabled={checking}
      // While the mark is being read or a vote is on its way, the pressed state may still change.
      aria-busy={checking || pending}
      data-testid="upvote-button"
      className={cn(
        'inline-flex cursor-pointer items-center disabled:cursor-progress gap-1.5 rounded-lg border font-semibold tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        size === 'lg' ? 'h-11 px-4 text-base' : 'h-8 px-2.5 text-sm',
        upvoted
          ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'border-border bg-background text-foreground hover:border-primary hover:text-primary',
      )}
    >
      <ArrowUpIcon className={size === 'lg' ? 'h-5 w-5' : 'h-4 w-4'} />
      {/* The visible count is part of the accessible name: "Upvote Recipe Radar, 57 upvotes". */}
      <span className="sr-only">Upvote {title}, </span>
      <span data-testid="upvote-count">{formatCount(count)}</span>
      <span className="sr-only">{count === 1 ? ' upvote' : ' upvotes'}</span>
    </button>
  );
}
