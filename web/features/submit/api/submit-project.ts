import type { User } from '@supabase/supabase-js';
import { toProjectInsert, type ProjectSubmission } from '../../../../domain/project-submission.ts';
import { supabase } from '../../../lib/supabase.ts';
import { creatorNameFor } from './creator-name.ts';

/**
 * Spec §7: select the caller's creator row; when there is none insert {id, name}. A concurrent
 * first submission may insert it first, which is as good as ours. `maybeSingle()` rather than the
 * spec's `single()`: the same question, but "none" is an empty answer, not a 406 (PGRST116) that the
 * browser logs as a failed request on every first submission (README Differences).
 */
export async function ensureCreator(user: Pick<User, 'id' | 'email' | 'user_metadata'>): Promise<void> {
  const { data, error } = await supabase.from('creators').select('id').eq('id', user.id).maybeSingle();
  if (error) throw error;
  if (data) return;
  const { error: insertError } = await supabase.from('creators').insert({ id: user.id, name: creatorNameFor(user) });
  if (insertError && insertError.code !== '23505') throw insertError;
}

export interface SavedProject {
  id: string;
  /** 'approved' when moderation is off (the database publishes the row at once), else 'pending'. */
  status: 'pending' | 'approved';
}

/**
 * Spec §7: the projects insert. The database decides the status: the row goes in pending, and an
 * after-insert trigger publishes it when moderation is off, which the insert's RETURNING cannot
 * show yet, so the status is read once more.
 */
export async function insertProject(values: ProjectSubmission, userId: string, imageUrl: string): Promise<SavedProject> {
  const { data, error } = await supabase.from('projects').insert(toProjectInsert(values, userId, imageUrl)).select('id').single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  const { data: saved } = await supabase.from('projects').select('status').eq('id', id).maybeSingle();
  return { id, status: (saved as { status?: string } | null)?.status === 'approved' ? 'approved' : 'pending' };
}
