import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../../domain/messages.ts';
import { clientRateLimiter, RateLimitExceededError } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { commentRateKeys, isRateLimitError, updatePages } from './comment-rows.ts';
import { insertCommentOnce } from './insert-comment-once.ts';
import { projectKeys } from '../../projects/index.ts';

/** Adds a comment or, with parentId, a reply; the database sets the author's name, the time and the thread. */
export function useAddComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, userId, content, parentId }: { id: string; userId: string; content: string; parentId?: string }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.add(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await insertCommentOnce(supabase, userId, { id, project_id: projectId, content, ...(parentId ? { parent_id: parentId } : {}) });
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return data;
    },
    onSuccess: (comment) => {
      updatePages(queryClient, projectId, (page, index) =>
        comment.thread_id
          ? page.threads.some((t) => t.id === comment.thread_id)
            ? { ...page, replies: [...page.replies.filter((c) => c.id !== comment.id), comment] }
            : page
          : index === 0
            ? { ...page, threads: [comment, ...page.threads.filter((c) => c.id !== comment.id)] }
            : page,
      );
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
