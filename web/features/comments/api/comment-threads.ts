import { useInfiniteQuery } from '@tanstack/react-query';
import { COMMENTS_PAGE_SIZE, REPLIES_PER_PAGE_LIMIT, type CommentSort } from '../../../../domain/people.ts';
import { clientRateLimiter } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { COMMENT_COLUMNS, commentRateKeys, type Comment, type CommentPage } from './comment-rows.ts';
import { commentKeys } from './query-keys.ts';

export async function fetchCommentPage(projectId: string, sort: CommentSort, page: number, userId: string | null): Promise<CommentPage> {
  if (!clientRateLimiter.tryAcquire(commentRateKeys.list(projectId))) return { threads: [], replies: [], upvoted: [], rateLimited: true, hasMore: false };
  let query = supabase.from('project_comments').select(COMMENT_COLUMNS).eq('project_id', projectId).is('thread_id', null);
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
      .select(COMMENT_COLUMNS)
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
    queryKey: commentKeys.threads(projectId, sort, userId),
    queryFn: ({ pageParam }) => fetchCommentPage(projectId, sort, pageParam, userId),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
  });
}
