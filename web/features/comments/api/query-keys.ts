import type { CommentSort } from '../../../../domain/people.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * The comments feature's query keys: every cached page of a project's comments sits under
 * `project`, which is shared code's key (live "new comments" refetches it).
 */
export const commentKeys = {
  project: sharedKeys.comments,
  /**
   * Beside the project's key, not under it: everything under `project` is a page list of threads,
   * which posting and editing patch in place (comment-rows.ts).
   */
  avatars: (projectId: string, userIds: readonly string[]) => ['comment-avatars', projectId, ...userIds] as const,
  threads: (projectId: string, sort: CommentSort, userId: string | null) => [...commentKeys.project(projectId), sort, userId] as const,
  /** Which of these handles belong to a creator (the links of @mentions). */
  mentions: (handles: readonly string[]) => ['comment-mentions', ...handles] as const,
};
