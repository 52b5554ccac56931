import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { commentKeys } from './query-keys.ts';

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

export const COMMENT_COLUMNS = 'id,project_id,user_id,user_name,content,created_at,edited_at,parent_id,thread_id,upvotes';

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

export function isRateLimitError(error: { code?: string; status?: number; message?: string }): boolean {
  return error.status === 429 || error.code === '429' || /rate limit/i.test(error.message ?? '');
}

type Pages = InfiniteData<CommentPage, number>;

/** Applies a change to every cached page of this project's comments (each sort and reader). */
export function updatePages(queryClient: QueryClient, projectId: string, change: (page: CommentPage, index: number) => CommentPage) {
  queryClient.setQueriesData<Pages>({ queryKey: commentKeys.project(projectId) }, (old) => (old ? { ...old, pages: old.pages.map(change) } : old));
}
