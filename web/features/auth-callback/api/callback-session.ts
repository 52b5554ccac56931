import { supabase } from '../../../lib/supabase.ts';

/**
 * Lets supabase-js finish the sign-in the link carries (detectSessionInUrl, PKCE exchange) and says
 * whether a session came of it, with the first error met, thrown or returned, and whether that
 * session still owes its second factor.
 */
export async function readCallbackSession(): Promise<{ initError: unknown; signedIn: boolean; secondFactor: boolean }> {
  let initError: unknown;
  let signedIn = false;
  let secondFactor = false;
  try {
    initError = (await supabase.auth.initialize()).error;
    const { data, error } = await supabase.auth.getSession();
    initError ??= error;
    signedIn = Boolean(data.session);
    if (signedIn) {
      // An account with two-factor authentication gives its code on the sign-in page first (decision 241).
      const levels = (await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data;
      secondFactor = levels?.currentLevel === 'aal1' && levels.nextLevel === 'aal2';
    }
  } catch (error) {
    initError = error;
  }
  return { initError, signedIn, secondFactor };
}
