import { supabase } from '../../../lib/supabase.ts';
import { voterSession } from './voter-session.ts';

export interface VoteState {
  upvoted: boolean;
  /** The count this voter sees: the public count, plus their own vote while it does not count yet. */
  upvotes: number;
  /** Whether the public count includes this voter's vote (decision 212). */
  counted: boolean;
  /** The account the vote was toggled for (an anonymous one on a visitor's first upvote). */
  voterId: string;
}

/**
 * Toggles this account's upvote through public.toggle_vote (db/migrations/0091), which keeps one
 * vote per account and answers with the new state and count.
 */
export async function toggleVote(projectId: string): Promise<VoteState> {
  const voterId = await voterSession();
  const { data, error } = await supabase.rpc('toggle_vote', { project_id: projectId });
  if (error) throw error;
  const answer = (typeof data === 'string' ? JSON.parse(data) : data) as Partial<VoteState> | null;
  if (typeof answer?.upvoted !== 'boolean' || typeof answer.upvotes !== 'number') throw new Error('Unexpected vote answer');
  return { upvoted: answer.upvoted, upvotes: answer.upvotes, counted: answer.counted !== false, voterId };
}
