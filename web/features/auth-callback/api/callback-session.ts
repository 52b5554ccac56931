import { supabase } from '../../../lib/supabase.ts';

/**
 * Lets supabase-js finish the sign-in the link carries (detectSessionInUrl, PKCE exchange) and says
 * whether a session came of it, with the first error met, thrown or returned.
 */
export async function readCallbackSession(): Promise<{ initError: unknown; signedIn: boolean }> {
  let initError: unknown;
  let signedIn = false;
  try {
    initError = (await supabase.auth.initialize()).error;
    const { data, error } = await supabase.auth.getSession();
    initError ??= error;
    signedIn = Boolean(data.session);
  } catch (error) {
    initError = error;
  }
  return { initError, signedIn };
}
