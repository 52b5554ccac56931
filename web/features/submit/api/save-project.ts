import type { User } from '@supabase/supabase-js';
import { MESSAGES } from '../../../../domain/messages.ts';
import type { ProjectSubmission } from '../../../../domain/project-submission.ts';
import { supabase } from '../../../lib/supabase.ts';
import { ensureCreator, insertProject, type SavedProject } from './submit-project.ts';
import { removeProjectImage, uploadProjectImage, UploadError } from './upload-image.ts';

/** A failed save, with the message the form shows. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly title = 'Error',
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

/** The signed-in user as the auth server sees them now; a lapsed session gives the spec's message. */
export async function requireCurrentUser(): Promise<User> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new SaveError(MESSAGES.submitLoginRequired);
  return data.session.user;
}

export function rateLimitedOrDefault(error: unknown, fallback: string): SaveError {
  const e = error as { code?: unknown; status?: unknown; message?: unknown; details?: unknown };
  // The database's launch-day checks (issue 16) say exactly what to fix.
  if (e?.details === 'launch_date' && typeof e.message === 'string') return new SaveError(e.message);
  if (e?.status === 429 || e?.code === '429' || e?.code === 'PGRST429') return new SaveError(MESSAGES.tooManyAttempts.description, MESSAGES.tooManyAttempts.title);
  if (e?.code === '42501' || e?.code === 'PGRST301') return new SaveError(MESSAGES.submitLoginRequired);
  return new SaveError(fallback);
}

export async function uploadOrExplain(image: File, onProgress: (f: number) => void): Promise<{ path: string; publicUrl: string }> {
  try {
    return await uploadProjectImage(image, onProgress);
  } catch (error) {
    if (error instanceof UploadError) throw new SaveError(error.message);
    console.error('Image upload failed', error);
    throw new SaveError(MESSAGES.imageUploadFailure);
  }
}

/**
 * Submit: image first, then the creator and the project (spec §7). If the row is not written the
 * image is removed again, so nothing is half-saved.
 */
export async function submitProject(values: ProjectSubmission, image: File, onProgress: (f: number) => void): Promise<SavedProject> {
  const user = await requireCurrentUser();
  const uploaded = await uploadOrExplain(image, onProgress);
  try {
    await ensureCreator(user);
    return await insertProject(values, user.id, uploaded.publicUrl);
  } catch (error) {
    console.error('Error submitting project', error);
    await removeProjectImage(uploaded.path);
    throw rateLimitedOrDefault(error, MESSAGES.submitFailure);
  }
}
