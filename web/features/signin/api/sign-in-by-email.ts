import { supabase } from '../../../lib/supabase.ts';
import { authCallbackUrl } from '../../../lib/session/return-urls.ts';

/**
 * Mails a sign-in link and code to an existing account (decision 227). /signin never makes an
 * account: the server answers every address alike, so the page cannot tell, and says "if".
 */
export async function mailSignInLink(email: string) {
  const { error } = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: authCallbackUrl() } });
  return error;
}

/** Signs in with the six-digit code from that mail. */
export async function signInWithMailedCode(email: string, code: string) {
  const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  return error;
}
