import { supabase } from '../../../lib/supabase.ts';

/**
 * Whether the session just opened still owes its second factor (decision 241):
 * supabase-js's assurance levels, currentLevel aal1 and nextLevel aal2.
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}

export type SecondFactorFailure = 'wrong' | 'limited' | 'no-factor' | 'failed';

/**
 * Checks a code from the authenticator app against the account's verified TOTP factor (a new
 * challenge, then verify); a right one raises the session to aal2. Null when it did.
 */
export async function verifySecondFactor(code: string): Promise<SecondFactorFailure | null> {
  const factors = await supabase.auth.mfa.listFactors();
  const factor = factors.data?.totp.find((f) => f.status === 'verified');
  if (!factor) return factors.error ? 'failed' : 'no-factor';
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (!error) return null;
  if (error.status === 429) return 'limited';
  if (error.code === 'mfa_verification_failed' || error.code === 'mfa_challenge_expired') return 'wrong';
  return 'failed';
}

/**
 * A recovery code in place of the app's code (decision 243): the server answers the raised
 * session's tokens, which supabase-js then holds. Null when it worked.
 */
export async function verifyRecoveryCode(code: string): Promise<SecondFactorFailure | null> {
  const { data, error } = await supabase.functions.invoke<{ access_token: string; refresh_token: string }>('mfa-recovery-sign-in', { body: { code } });
  if (error) {
    const status = (error as { context?: { status?: number } }).context?.status;
    return status === 429 ? 'limited' : status === 422 ? 'wrong' : 'failed';
  }
  const { error: sessionError } = await supabase.auth.setSession({ access_token: data!.access_token, refresh_token: data!.refresh_token });
  return sessionError ? 'failed' : null;
}
