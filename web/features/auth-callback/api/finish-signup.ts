import { supabase } from '../../../lib/supabase.ts';

/**
 * A sign-up's link opened in a browser that did not sign up (decision 255): the code it carries
 * and the password the sign-up chose finish it here. Answers whether it worked; on success the
 * session is this browser's.
 */
export async function finishSignupWithPassword(code: string, password: string): Promise<'signed-in' | 'wrong' | 'rate-limited'> {
  const { data, error } = await supabase.functions.invoke<{ access_token: string; refresh_token: string }>('finish-signup', { body: { code, password } });
  if (error || !data) {
    const status = (error as { context?: Response } | null)?.context?.status;
    return status === 429 ? 'rate-limited' : 'wrong';
  }
  const { error: sessionError } = await supabase.auth.setSession({ access_token: data.access_token, refresh_token: data.refresh_token });
  return sessionError ? 'wrong' : 'signed-in';
}
