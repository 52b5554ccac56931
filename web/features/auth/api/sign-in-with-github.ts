import { supabase } from '../../../lib/supabase.ts';
import { authCallbackUrl } from '../../../lib/session/return-urls.ts';

/** Spec §7: provider github, back to /auth/callback on this site, offline access and a consent prompt. */
export async function signInWithGitHub() {
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'github',
    options: {
      redirectTo: authCallbackUrl(),
      queryParams: { access_type: 'offline', prompt: 'consent' },
    },
  });
  if (error) throw error;
}
