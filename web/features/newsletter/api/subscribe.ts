import { MESSAGES } from '../../../../domain/messages.ts';
import { clientRateLimiter } from '../../../lib/rate-limiter.ts';
import { supabase } from '../../../lib/supabase.ts';
import { isValidEmail } from '../../../lib/validation.ts';

export type SubscribeResult = { ok: true } | { ok: false; title: string; description: string };

/**
 * Stores the address once (public.subscribe_newsletter). A repeat answers exactly like a first
 * subscription, so the form cannot be used to learn whether someone is on the list.
 */
export async function subscribeToNewsletter(rawEmail: string): Promise<SubscribeResult> {
  const email = rawEmail.trim();
  if (!isValidEmail(email)) {
    return { ok: false, ...MESSAGES.invalidEmail };
  }
  if (!clientRateLimiter.tryAcquire('newsletter:subscribe')) {
    return { ok: false, title: 'Error', description: MESSAGES.rateLimitExceeded };
  }
  const { error } = await supabase.rpc('subscribe_newsletter', { email });
  if (!error) return { ok: true };
  if (error.code === '22023') return { ok: false, ...MESSAGES.invalidEmail };
  if (error.code === '429' || /rate limit/i.test(error.message)) {
    return { ok: false, title: 'Error', description: MESSAGES.rateLimitExceeded };
  }
  return { ok: false, title: 'Error', description: 'Failed to subscribe. Please try again.' };
}
