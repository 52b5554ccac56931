import { useQueryClient } from '@tanstack/react-query';
import { useChannel, type Change } from '../../../lib/live/live.ts';
import { patchUpvotes, projectKeys } from './query-keys.ts';

/** A short name for a set of ids (the channel's topic; a new set opens a new channel). */
function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** Vote counts of the projects on screen follow everyone's votes (cards and the detail page). */
export function useLiveUpvotes(projectIds: readonly string[]): void {
  const queryClient = useQueryClient();
  // At most 100 values in an `in` filter (decision 140): the first hundred on screen.
  const ids = [...new Set(projectIds)].slice(0, 100).sort();
  useChannel(ids.length ? `votes-${ids.length}-${hash(ids.join(','))}` : null, (channel) => {
    channel
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'projects', filter: `id=in.(${ids.join(',')})` }, (change: Change) => {
        const { id, upvotes } = change.new as { id?: string; upvotes?: number };
        if (typeof id !== 'string' || typeof upvotes !== 'number') return;
        queryClient.setQueriesData<unknown>({ queryKey: projectKeys.all }, (old: unknown) => patchUpvotes(old, id, upvotes));
      })
      .subscribe();
  });
}
