import { supabase } from '../../../lib/supabase.ts';

/** Unused recovery codes left to the account (decision 243). */
export async function fetchRecoveryCodesLeft(): Promise<number> {
  const { data, error } = await supabase.functions.invoke<{ remaining: number }>('mfa-recovery-codes', { body: { action: 'status' } });
  if (error) throw error;
  return data!.remaining;
}

/** A new set of ten codes, shown once; the old set stops working. Needs an aal2 session. */
export async function makeRecoveryCodes(): Promise<string[]> {
  const { data, error } = await supabase.functions.invoke<{ codes: string[] }>('mfa-recovery-codes', { body: { action: 'generate' } });
  if (error) throw error;
  return data!.codes;
}
