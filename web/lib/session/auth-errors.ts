import { site } from '../../../domain/site.ts';

/**
 * Reads supabase-js auth errors (AuthApiError and friends carry `status` and `code`) without
 * depending on their classes, so a plain object from a test or another client reads the same.
 */
interface AuthErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  reasons?: unknown;
}

const asLike = (err: unknown): AuthErrorLike => (typeof err === 'object' && err !== null ? (err as AuthErrorLike) : {});

// In a module of its own: the upvote button on `/` needs only it, not this file's sentences.
export { isRateLimited } from './is-rate-limited.ts';

export const isEmailNotConfirmed = (err: unknown) => asLike(err).code === 'email_not_confirmed';

export const isUserBanned = (err: unknown) => asLike(err).code === 'user_banned';

/** What a banned account is told: on sign-in, on a confirmation link, and when a ban ends a session. */
export const ACCOUNT_SUSPENDED = {
  title: 'Account suspended',
  description: `This account has been suspended, so it cannot sign in or post. If you think this is a mistake, write to ${site.supportEmail}.`,
} as const;

export const isSignupDisabled = (err: unknown) => asLike(err).code === 'signup_disabled';

export const isWeakPassword = (err: unknown) => asLike(err).code === 'weak_password';

export const isSamePassword = (err: unknown) => asLike(err).code === 'same_password';

/** A wrong current password on a password change (also what a wrong password at sign-in says). */
export const isInvalidCredentials = (err: unknown) => asLike(err).code === 'invalid_credentials';

export const needsReauthentication = (err: unknown) =>
  ['reauthentication_needed', 'reauthentication_not_valid'].includes(String(asLike(err).code));

/** The server's own wording for a weak password ("Password should be at least 8 characters."). */
export function authErrorMessage(err: unknown, fallback: string): string {
  const message = asLike(err).message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

