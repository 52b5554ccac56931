import type { Factor } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';

/** A factor being set up: what the authenticator app needs (the otpauth:// URI and its secret). */
export interface Enrolment {
  factorId: string;
  uri: string;
  secret: string;
}

export type CodeFailure = 'wrong' | 'limited' | 'failed';

/** The account's verified TOTP factors (GoTrue's listFactors, read from the user). */
export async function fetchVerifiedFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.filter((f) => f.status === 'verified');
}

/**
 * Starts a TOTP factor (auth.mfa.enroll). A set-up left half done earlier (an unverified factor)
 * is removed first, so abandoned attempts never fill the account's ten places.
 */
export async function startEnrolment(): Promise<Enrolment> {
  const listed = await supabase.auth.mfa.listFactors();
  for (const stale of listed.data?.all.filter((f) => f.status === 'unverified') ?? []) {
    await supabase.auth.mfa.unenroll({ factorId: stale.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  if (error) throw error;
  return { factorId: data.id, uri: data.totp.uri, secret: data.totp.secret };
}

/** The first code from the app: verifies the factor and raises this session to aal2. Null when right. */
export async function confirmEnrolment(factorId: string, code: string): Promise<CodeFailure | null> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (!error) return null;
  if (error.status === 429) return 'limited';
  if (error.code === 'mfa_verification_failed' || error.code === 'mfa_challenge_expired') return 'wrong';
  return 'failed';
}

/**
 * Removes a factor (auth.mfa.unenroll; a verified one only from an aal2 session), then refreshes
 * the session, which the server has lowered to aal1.
 */
export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  await supabase.auth.refreshSession();
}
