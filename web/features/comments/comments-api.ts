import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGES } from '../../../domain/messages.ts';
import { COMMENTS_PAGE_SIZE, REPLIES_PER_PAGE_LIMIT, type CommentSort } from '../../../domain/people.ts';
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
  parent_id: string | null;
  thread_id: string | null;
  upvotes: number;
}

const COLUMNS = 'id,project_id,user_id,user_name,content,created_at,edited_at,parent_id,thread_id,upvotes';
const commentsKey = (projectId: string) => ['comments', projectId] as const;

/** Rate-limit keys per action and project (spec §9). */
export const commentRateKeys = {
  list: (projectId: string) => `comments:list:${projectId}`,
  add: (projectId: string) => `comments:add:${projectId}`,
  edit: (projectId: string) => `comments:edit:${projectId}`,
  vote: (projectId: string) => `comments:vote:${projectId}`,
};

/** One page of threads: top-level comments, the replies under them, and which of them the reader upvoted. */
export interface CommentPage {
  threads: Comment[];
  replies: Comment[];
  upvoted: string[];
  /** True when the client-side limiter held the request back (the page is then empty). */
  rateLimited: boolean;
  hasMore: boolean;
}

export async function fetchCommentPage(projectId: string, sort: CommentSort, page: number, userId: string | null): Promise<CommentPage> {
  if (!clientRateLimiter.tryAcquire(commentRateKeys.list(projectId))) return { threads: [], replies: [], upvoted: [], rateLimited: true, hasMore: false };
  let query = supabase.from('project_comments').select(COLUMNS).eq('project_id', projectId).is('thread_id', null);
  query = sort === 'best' ? query.order('score', { ascending: false }).order('created_at', { ascending: false }) : query.order('created_at', { ascending: false });
  const from = page * COMMENTS_PAGE_SIZE;
  // One more than a page tells whether there is a next one.
  const { data, error } = await query.order('id', { ascending: false }).range(from, from + COMMENTS_PAGE_SIZE);
  if (error) throw error;
  const rows = data as Comment[];
  const threads = rows.slice(0, COMMENTS_PAGE_SIZE);
  let replies: Comment[] = [];
  if (threads.length) {
    const answer = await supabase
      .from('project_comments')
      .select(COLUMNS)
      .in('thread_id', threads.map((c) => c.id))
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .limit(REPLIES_PER_PAGE_LIMIT);
    if (answer.error) throw answer.error;
    replies = answer.data as Comment[];
  }
  let upvoted: string[] = [];
  const ids = [...threads, ...replies].map((c) => c.id);
  if (userId && ids.length) {
    const votes = await supabase.from('comment_votes').select('comment_id').eq('user_id', userId).in('comment_id', ids);
    if (!votes.error) upvoted = (votes.data as { comment_id: string }[]).map((v) => v.comment_id);
  }
  return { threads, replies, upvoted, rateLimited: false, hasMore: rows.length > COMMENTS_PAGE_SIZE };
}

export function useCommentThreads(projectId: string, sort: CommentSort, userId: string | null) {
  return useInfiniteQuery({
    queryKey: [...commentsKey(projectId), sort, userId],
    queryFn: ({ pageParam }) => fetchCommentPage(projectId, sort, pageParam, userId),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
  });
}

function isRateLimitError(error: { code?: string; status?: number; message?: string }): boolean {
  return error.status === 429 || error.code === '429' || /rate limit/i.test(error.message ?? '');
}

type Pages = InfiniteData<CommentPage, number>;

/** Applies a change to every cached page of this project's comments (each sort and reader). */
function updatePages(queryClient: ReturnType<typeof useQueryClient>, projectId: string, change: (page: CommentPage, index: number) => CommentPage) {
  queryClient.setQueriesData<Pages>({ queryKey: commentsKey(projectId) }, (old) => (old ? { ...old, pages: old.pages.map(change) } : old));
}

/** Adds a comment or, with parentId, a reply; the database sets the author's name, the time and the thread. */
export function useAddComment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, content, parentId }: { userId: string; content: string; parentId?: string }) => {
      if (!clientRateLimiter.tryAcquire(commentRateKeys.add(projectId))) throw new RateLimitExceededError(MESSAGES.rateLimitExceeded);
      const { data, error } = await supabase
        .from('project_comments')
        .insert({ project_id: projectId, user_id: userId, content, ...(parentId ? { parent_id: parentId } : {}) })
        .select(COLUMNS)
        .single();
      if (error) throw isRateLimitError(error) ? new RateLimitExceededError(MESSAGES.rateLimitExceeded) : error;
      return data as Comment;
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
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

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
