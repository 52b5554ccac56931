import { supabase } from '../../../lib/supabase.ts';

let signingIn: Promise<string> | null = null;

/**
 * The account a vote is cast from: the signed-in one, else an anonymous user signed in silently
 * on the visitor's first upvote (decision 120), so every vote belongs to an account the server
 * issued. Clicks that arrive while that sign-in runs wait for it rather than start another.
 */
export async function voterSession(): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (data.session) return data.session.user.id;
  signingIn ??= supabase.auth
    .signInAnonymously()
    .then(({ data: signedIn, error }) => {
      if (error || !signedIn.session) throw error ?? new Error('No session after the anonymous sign-in');
      return signedIn.session.user.id;
    })
    .finally(() => {
      signingIn = null;
    });
  return signingIn;
}
