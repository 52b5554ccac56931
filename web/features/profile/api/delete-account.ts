import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';

/** The server said no for a reason the person can act on (the last admin must hand over first). */
export class AccountDeletionRefused extends Error {}

/** Deletes the signed-in account on the server; the access token alone says whose. */
export async function deleteOwnAccount(): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: {} });
  if (!error) return;
  if (error instanceof FunctionsHttpError && error.context.status === 409) {
    const body = (await error.context.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === 'string') throw new AccountDeletionRefused(body.message);
  }
  throw error;
}
