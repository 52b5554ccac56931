import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { COMMENT_COLUMNS, type Comment } from './comment-rows.ts';

/** A comment as the browser sends it: `id` is made in the browser, once per comment (decision 222). */
export interface NewComment {
  id: string;
  project_id: string;
  content: string;
  parent_id?: string;
}

/** PostgreSQL's unique violation: here, the row's id is taken. */
const DUPLICATE_KEY = '23505';

/**
 * Stores a comment under the id the browser made for it, at most once (decision 222). A try whose
 * answer never came (a timeout) may have been stored all the same: its retry then meets its own
 * id (23505), reads that row and, when it is the caller's comment on this project, answers it as
 * the success it was. An id held by anyone else's comment stays the error it is: an insert never
 * overwrites, and the read shows only what RLS lets the caller see.
 */
export async function insertCommentOnce(client: SupabaseClient, userId: string, comment: NewComment): Promise<{ data: Comment; error: null } | { data: null; error: PostgrestError }> {
  const { data, error } = await client.from('project_comments').insert({ ...comment, user_id: userId }).select(COMMENT_COLUMNS).single();
  if (!error) return { data: data as Comment, error: null };
  if (error.code !== DUPLICATE_KEY) return { data: null, error };
  const stored = await client.from('project_comments').select(COMMENT_COLUMNS).eq('id', comment.id).maybeSingle();
  const row = stored.data as Comment | null;
  if (row && row.user_id === userId && row.project_id === comment.project_id) return { data: row, error: null };
  return { data: null, error };
}
