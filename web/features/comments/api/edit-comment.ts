import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../../domain/messages.ts';
import { clientRateLimiter, RateLimitExceededError } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { COMMENT_COLUMNS, commentRateKeys, isRateLimitError, updatePages, type Comment } from './comment-rows.ts';
import { projectKeys } from '../../projects/index.ts';

export function useEditComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, content }: { id: string; content: string }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.edit(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await supabase.from('project_comments').update({ content }).eq('id', id).select(COMMENT_COLUMNS).single();
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return data as Comment;
    },
    onSuccess: (comment) => {
      const swap = (list: Comment[]) => list.map((c) => (c.id === comment.id ? comment : c));
      updatePages(queryClient, projectId, (page) => ({ ...page, threads: swap(page.threads), replies: swap(page.replies) }));
    },
  });
}

export function useDeleteComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.edit(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await supabase.from('project_comments').delete().eq('id', id).select('id');
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      if (!data?.length) throw new Error('Comment not deleted');
      return id;
    },
    onSuccess: (id) => {
      // Its replies go with it (decision 180).
      updatePages(queryClient, projectId, (page) => {
        const gone = new Set([id]);
        for (const c of page.replies) if (c.parent_id && gone.has(c.parent_id)) gone.add(c.id);
        return { ...page, threads: page.threads.filter((c) => c.id !== id), replies: page.replies.filter((c) => !gone.has(c.id) && c.thread_id !== id) };
      });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
