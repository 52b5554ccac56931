import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { createVoteBatcher, type Fetch } from './vote-batcher.ts';

/** Where a voter's "did I upvote this?" answers live in the query cache. */
export const voteStateKey = (voterId: string | null, projectId: string) => ['votes', voterId, projectId] as const;

/** Which of these projects the current session voted for (my_votes shows only the caller's own). */
const fetchMyVotes: Fetch = async (projectIds) => {
  const { data, error } = await supabase.from('my_votes').select('project_id').in('project_id', projectIds);
  if (error) throw error;
  return new Set((data as { project_id: string }[]).map((r) => r.project_id));
};

const hasVoted = createVoteBatcher(fetchMyVotes);

/**
 * Whether this voter upvoted the project, as the server knows it (every device agrees): undefined
 * while unknown, false without a session (a visitor has voted for nothing yet). `loading` is true
 * until the first answer has come.
 */
export function useVoted(voterId: string | null, projectId: string): { voted: boolean | undefined; loading: boolean } {
  const query = useQuery({
    queryKey: voteStateKey(voterId, projectId),
    queryFn: () => hasVoted(voterId!, projectId),
    enabled: Boolean(voterId),
    meta: { private: true },
    staleTime: 60_000,
  });
  // isPending, not "fetching": between enabling the query and its fetch starting there is a render
  // in which nothing is fetching yet, and the answer is still unknown.
  return voterId ? { voted: query.data, loading: query.isPending } : { voted: false, loading: false };
}
