import { supabase } from '../../../lib/supabase.ts';
import { resetPasswordUrl } from '../../../lib/session/return-urls.ts';

/** E-mails a link to /reset-password. Returns the error, if any. */
export async function sendPasswordResetEmail(email: string) {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: resetPasswordUrl(),
  });
  return error;
}

/** Sets the new password of the session the reset link opened. Returns the error, if any. */
export async function setNewPassword(password: string) {
  const { error } = await supabase.auth.updateUser({ password });
  return error;
}
