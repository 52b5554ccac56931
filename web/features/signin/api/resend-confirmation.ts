import { supabase } from '../../../lib/supabase.ts';
import { authCallbackUrl } from '../../../lib/session/return-urls.ts';

/** Sends the sign-up confirmation e-mail again. Returns the error, if any. */
export async function resendSignupConfirmation(email: string) {
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: authCallbackUrl('signup') },
  });
  return error;
}
