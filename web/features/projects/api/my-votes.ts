import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { projectKeys } from './query-keys.ts';
import { createVoteBatcher, type Fetch, type OwnVote } from './vote-batcher.ts';

/**
 * Which of these projects the current session voted for (my_votes shows only the caller's own),
 * and of those, which votes the public count does not include yet.
 */
let pendingVotes = new Set<string>();
const fetchMyVotes: Fetch = async (projectIds) => {
  const { data, error } = await supabase.from('my_votes').select('project_id,counted').in('project_id', projectIds);
  if (error) throw error;
  const rows = data as { project_id: string; counted: boolean }[];
  pendingVotes = new Set([...[...pendingVotes].filter((id) => !projectIds.includes(id)), ...rows.filter((r) => !r.counted).map((r) => r.project_id)]);
  return new Set(rows.map((r) => r.project_id));
};

const hasVoted = createVoteBatcher(fetchMyVotes);
const ownVote = async (voterId: string, projectId: string): Promise<OwnVote> =>
  (await hasVoted(voterId, projectId)) ? (pendingVotes.has(projectId) ? 'pending' : 'counted') : 'none';

/**
 * Whether this voter upvoted the project, as the server knows it (every device agrees): undefined
 * while unknown, false without a session (a visitor has voted for nothing yet). `loading` is true
 * until the first answer has come.
 */
export function useVoted(voterId: string | null, projectId: string): { voted: boolean | undefined; pending: boolean; loading: boolean } {
  const query = useQuery<OwnVote>({
    queryKey: projectKeys.vote(voterId, projectId),
    queryFn: () => ownVote(voterId!, projectId),
    enabled: Boolean(voterId),
    meta: { private: true },
    staleTime: 60_000,
  });
  // isPending, not "fetching": between enabling the query and its fetch starting there is a render
  // in which nothing is fetching yet, and the answer is still unknown.
  if (!voterId) return { voted: false, pending: false, loading: false };
  return { voted: query.data === undefined ? undefined : query.data !== 'none', pending: query.data === 'pending', loading: query.isPending };
}
