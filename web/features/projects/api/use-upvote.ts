import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { isRateLimited } from '../../../lib/session/is-rate-limited.ts';
import { useVoted } from './my-votes.ts';
import { toggleVote } from './toggle-vote.ts';
import { patchUpvotes, projectKeys } from './query-keys.ts';

/**
 * One click toggles: the mark and the count move at once, then show the database's answer; a
 * failure puts both back and says so. Whether this voter upvoted comes from the server, so every
 * device shows the same; a visitor's first click signs them in anonymously, silently.
 */
export function useUpvote(projectId: string, serverCount: number) {
  const queryClient = useQueryClient();
  const { voterId, loading: sessionLoading } = useAuth();
  const voteState = useVoted(voterId, projectId);
  // Until the session is restored and the server has said whether it voted, the mark is unknown.
  const checking = sessionLoading || voteState.loading;
  const { voted } = voteState;
  // A vote the public count does not include yet is still this voter's: they see it counted.
  const ownPending = voteState.pending ? 1 : 0;
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [count, setCount] = useState(serverCount + ownPending);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const upvoted = optimistic ?? voted ?? false;

  useEffect(() => {
    if (!busy.current) setCount(serverCount + ownPending);
  }, [serverCount, ownPending]);

  function patchCaches(upvotes: number) {
    queryClient.setQueriesData<unknown>({ queryKey: projectKeys.all }, (old: unknown) => patchUpvotes(old, projectId, upvotes));
  }

  async function toggle() {
    // While the server is saying whether this voter already voted, a click could only guess.
    if (busy.current || checking) return;
    busy.current = true;
    setPending(true);
    const before = { upvoted, count };
    setOptimistic(!upvoted);
    setCount(Math.max(0, count + (upvoted ? -1 : 1)));
    try {
      const answer = await toggleVote(projectId);
      const own = !answer.upvoted ? 'none' : answer.counted ? 'counted' : 'pending';
      queryClient.setQueryData(projectKeys.vote(answer.voterId, projectId), own);
      setCount(answer.upvotes);
      // The shared copies hold the public count; this voter's own pending vote is added on display.
      patchCaches(answer.upvotes - (own === 'pending' ? 1 : 0));
    } catch (error) {
      setCount(before.count);
      toast({ variant: 'destructive', ...upvoteError(error) });
    } finally {
      setOptimistic(null);
      busy.current = false;
      setPending(false);
    }
  }

  return { upvoted, count, pending, checking, toggle };
}

function upvoteError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  // The admin switched anonymous votes off: only accounts vote now.
  if (code === 'anonymous_provider_disabled') return MESSAGES.upvoteSignInRequired;
  if (isRateLimited(error) || code === 'over_request_rate_limit') return MESSAGES.tooManyAttempts;
  return MESSAGES.upvoteFailure;
}
