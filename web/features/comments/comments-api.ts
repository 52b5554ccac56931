import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../domain/messages.ts';
import { clientRateLimiter, RateLimitExceededError } from '../../lib/rate-limiter.ts';
import { supabase } from '../../lib/supabase.ts';

export interface Comment {
  id: string;
  project_id: string;
  user_id: string;
  user_name: string;
  content: string;
  created_at: string;
  edited_at: string | null;
}

const COLUMNS = 'id,project_id,user_id,user_name,content,created_at,edited_at';
const commentsKey = (projectId: string) => ['comments', projectId] as const;

/** Rate-limit keys per action and project (spec §9). */
export const commentRateKeys = {
  list: (projectId: string) => `comments:list:${projectId}`,
  add: (projectId: string) => `comments:add:${projectId}`,
  edit: (projectId: string) => `comments:edit:${projectId}`,
};

export interface CommentList {
  comments: Comment[];
  /** True when the client-side limiter held the request back (the list is then empty). */
  rateLimited: boolean;
}

export async function fetchComments(projectId: string): Promise<CommentList> {
  if (!clientRateLimiter.tryAcquire(commentRateKeys.list(projectId))) return { comments: [], rateLimited: true };
  const { data, error } = await supabase
    .from('project_comments')
    .select(COLUMNS)
    .eq('project_id', projectId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(200);
  if (error) throw error;
  return { comments: data as Comment[], rateLimited: false };
}

export function useComments(projectId: string) {
  return useQuery({ queryKey: commentsKey(projectId), queryFn: () => fetchComments(projectId) });
}

function isRateLimitError(error: { code?: string; status?: number; message?: string }): boolean {
  return error.status === 429 || error.code === '429' || /rate limit/i.test(error.message ?? '');
}

/** Adds a comment; the database sets the author's name and the time. */
export function useAddComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, content }: { userId: string; content: string }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.add(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await supabase
        .from('project_comments')
        .insert({ project_id: projectId, user_id: userId, content })
        .select(COLUMNS)
        .single();
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return data as Comment;
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentList>(commentsKey(projectId), (old) => ({
        comments: [comment, ...(old?.comments ?? []).filter((c) => c.id !== comment.id)],
        rateLimited: false,
      }));
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

export function useEditComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, content }: { id: string; content: string }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.edit(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await supabase.from('project_comments').update({ content }).eq('id', id).select(COLUMNS).single();
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return data as Comment;
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentList>(commentsKey(projectId), (old) =>
        old ? { ...old, comments: old.comments.map((c) => (c.id === comment.id ? comment : c)) } : old,
      );
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
      queryClient.setQueryData<CommentList>(commentsKey(projectId), (old) =>
        old ? { ...old, comments: old.comments.filter((c) => c.id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
