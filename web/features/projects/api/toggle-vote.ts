import { supabase } from '../../../lib/supabase.ts';
import { browserVoterId } from '../upvote-store.ts';

export interface VoteState {
  upvoted: boolean;
  upvotes: number;
}

/**
 * Toggles this voter's upvote through public.toggle_vote (db/migrations/0006), which keeps one
 * vote per account, or per browser for visitors, and answers with the new state and count.
 */
export async function toggleVote(projectId: string): Promise<VoteState> {
  const { data, error } = await supabase.rpc('toggle_vote', { project_id: projectId, voter_id: browserVoterId() });
  if (error) throw error;
  const answer = (typeof data === 'string' ? JSON.parse(data) : data) as Partial<VoteState> | null;
  if (typeof answer?.upvoted !== 'boolean' || typeof answer.upvotes !== 'number') throw new Error('Unexpected vote answer');
  return { upvoted: answer.upvoted, upvotes: answer.upvotes };
}
