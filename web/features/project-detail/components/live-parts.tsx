import { useViewingNow } from '../../../lib/live/live.ts';
import { useLiveUpvotes } from '../../projects/index.ts';

/** The page's vote count follows everyone's votes (renders nothing). */
export function LiveUpvotes({ projectId }: { projectId: string }) {
  useLiveUpvotes([projectId]);
  return null;
}

/** "3 viewing now", as the server counts the page's open tabs (this one included). */
export function ViewingNow({ projectId }: { projectId: string }) {
  const count = useViewingNow(projectId);
  if (count === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="viewing-now">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
      {count} viewing now
    </span>
  );
}
