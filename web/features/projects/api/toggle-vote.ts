import { supabase } from '../../../lib/supabase.ts';
import { browserVoterId } from '../upvote-store.ts';

/**
 * Sets this voter's upvote on or off through the database function, which records one vote
 * per account (or per browser for visitors) and answers with the new count.
 */
export async function setVote(projectId: string, upvoted: boolean): Promise<number> {
  const { data, error } = await supabase.rpc('toggle_vote', {
    p_project_id: projectId,
    p_upvote: upvoted,
    p_voter_key: browserVoterId(),
  });
  if (error) throw error;
  const count = typeof data === 'number' ? data : Number((data as { upvotes?: number } | null)?.upvotes);
  if (!Number.isFinite(count)) throw new Error('Unexpected vote answer');
  return count;
}
