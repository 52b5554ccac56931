import { MESSAGES } from '../../../../domain/messages.ts';
import { clientRateLimiter } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { isValidEmail } from '../../../lib/validation.ts';

export type EmailReminderResult = { ok: true } | { ok: false; message: string };

/**
 * A signed-out visitor's "Notify me" (db/migrations/0210): the address gets one e-mail to confirm,
 * then one at launch. The answer is the same for a new, pending or confirmed address.
 */
export async function requestLaunchEmail(projectId: string, rawEmail: string): Promise<EmailReminderResult> {
  const email = rawEmail.trim();
  if (!isValidEmail(email)) return { ok: false, message: MESSAGES.invalidEmail.description };
  if (!clientRateLimiter.tryAcquire('launches:email')) return { ok: false, message: MESSAGES.rateLimitExceeded };
  const { error, status } = await supabase.rpc('request_launch_email', { project_id: projectId, email });
  if (!error) return { ok: true };
  if (status === 429) return { ok: false, message: MESSAGES.rateLimitExceeded };
  // The database's own words: a bad address, or a project that launched or went away meanwhile.
  if (error.code === '22023' || error.code === '42501') return { ok: false, message: error.message };
  return { ok: false, message: 'Could not save your reminder. Please try again.' };
}

export interface ConfirmedReminder {
  project_id: string;
  title: string;
  launch_date: string | null;
  launched: boolean;
}

/** The confirmation link's page: confirms the address for its project. */
export async function confirmLaunchEmail(token: string): Promise<ConfirmedReminder> {
  const { data, error } = await supabase.rpc('confirm_launch_email', { token });
  if (error) throw new Error(error.code === '22023' ? error.message : 'Could not confirm your reminder. Please try again.');
  const row = (data as ConfirmedReminder[] | null)?.[0];
  if (!row) throw new Error('This confirmation link is invalid or has expired.');
  return row;
}
