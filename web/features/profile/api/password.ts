import { supabase } from '../../../lib/supabase.ts';

/** Sets a new password, proven by the current one or by an e-mailed code (nonce). Returns the error, if any. */
export async function changePassword(password: string, proof: { nonce?: string; current_password?: string }) {
  const { error } = await supabase.auth.updateUser({ password, ...proof });
  return error;
}

/** E-mails the code that confirms a password change when the session is too old. */
export async function sendReauthenticationCode() {
  const { error } = await supabase.auth.reauthenticate();
  return error;
}
