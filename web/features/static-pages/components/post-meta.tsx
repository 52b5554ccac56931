import { CalendarIcon, ClockIcon } from '../../../components/icons.tsx';
import { formatShortDate } from '../../../lib/format.ts';

/** Date and read time of a post, shared by the list and the post page. */
export function PostMeta({ createdAt, readTime }: { createdAt: string; readTime: number }) {
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarIcon className="h-3.5 w-3.5" />
        <time dateTime={createdAt}>{formatShortDate(createdAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <ClockIcon className="h-3.5 w-3.5" /> {readTime} min read
      </span>
    </span>
  );
}

/** Shown when the content could not be loaded: the visitor can retry without reloading the app. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-border bg-card p-6 text-center">
      <p className="font-semibold">Could not load {what}.</p>
      <p className="mt-1 text-sm text-muted-foreground">Check your connection and try again.</p>
      <button type="button" onClick={onRetry} className="mt-4 text-sm font-medium text-primary underline-offset-4 hover:underline">
        Try again
      </button>
    </div>
  );
}
