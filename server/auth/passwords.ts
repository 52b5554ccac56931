import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AuthError } from './errors.ts';

/** Algorithm.Argon2id; the enum is a const enum, which isolatedModules cannot read. */
const ARGON2ID = 2 as Algorithm;

export const MIN_PASSWORD_LENGTH = 8;
/** Argon2 hashes any length, but an unbounded input is a cheap way to burn our CPU. */
export const MAX_PASSWORD_LENGTH = 256;

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** A hash of a fixed string, checked when the e-mail is unknown, so timing does not reveal who exists. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(encrypted: string | null | undefined, password: string): Promise<boolean> {
  if (!encrypted) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(encrypted, password);
  } catch {
    return false;
  }
}

/** GoTrue's weak_password error: 422 with the reasons supabase-js exposes on AuthWeakPasswordError. */
export function checkPasswordStrength(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new AuthError(400, 'validation_failed', 'Password is required');
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}
