import { readFileSync } from 'node:fs';
import { AuthError } from './errors.ts';

/** Argon2 hashes any length, but an unbounded input is a cheap way to burn our CPU. */
export const MAX_PASSWORD_LENGTH = 256;

let common: Set<string> | undefined;

/** The 10,000 most common passwords (common-passwords.txt, shipped with the server), lower case. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

function weak(message: string, reason: 'length' | 'pwned'): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons: [reason] } });
}

/**
 * GoTrue's weak_password error: 422 with the reasons supabase-js exposes on AuthWeakPasswordError.
 * PASSWORD_MIN_LENGTH to 256 characters, and not one of the most common passwords (GoTrue's
 * leaked-password check answers with the reason "pwned"; ours checks a shipped list, offline).
 */
export function checkPasswordStrength(password: unknown, minLength: number): asserts password is string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new AuthError(400, 'validation_failed', 'Password is required');
  }
  if (password.length > MAX_PASSWORD_LENGTH) throw weak(`Password should be at most ${MAX_PASSWORD_LENGTH} characters.`, 'length');
  if (password.length < minLength) throw weak(`Password should be at least ${minLength} characters.`, 'length');
  if (commonPasswords().has(password.toLowerCase())) {
    throw weak('Password is known to be weak and easy to guess, please choose a different one.', 'pwned');
  }
}
