import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../../domain/messages.ts';
import { clientRateLimiter, RateLimitExceededError } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { commentRateKeys, isRateLimitError, updatePages, type Comment } from './comment-rows.ts';

/** Upvotes a comment, or takes the upvote back. */
export function useToggleCommentVote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, upvoted }: { id: string; upvoted: boolean }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.vote(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { error } = upvoted
        ? await supabase.from('comment_votes').delete().eq('comment_id', id)
        : await supabase.from('comment_votes').insert({ comment_id: id });
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return { id, upvoted: !upvoted };
    },
    onSuccess: ({ id, upvoted }) => {
      const bump = (list: Comment[]) => list.map((c) => (c.id === id ? { ...c, upvotes: Math.max(0, c.upvotes + (upvoted ? 1 : -1)) } : c));
      updatePages(queryClient, projectId, (page) => ({
        ...page,
        threads: bump(page.threads),
        replies: bump(page.replies),
        upvoted: upvoted ? [...page.upvoted, id] : page.upvoted.filter((v) => v !== id),
      }));
    },
  });
}
