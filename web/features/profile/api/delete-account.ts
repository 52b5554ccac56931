import { supabase } from '../../../lib/supabase.ts';

/** Deletes the signed-in account on the server; the access token alone says whose. */
export async function deleteOwnAccount(): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: {} });
  if (error) throw error;
}
