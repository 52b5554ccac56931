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

export const isRateLimited = (err: unknown) =>
  asLike(err).status === 429 || ['over_request_rate_limit', 'over_email_send_rate_limit'].includes(String(asLike(err).code));

export const isEmailNotConfirmed = (err: unknown) => asLike(err).code === 'email_not_confirmed';

export const isSignupDisabled = (err: unknown) => asLike(err).code === 'signup_disabled';

export const isWeakPassword = (err: unknown) => asLike(err).code === 'weak_password';

export const isSamePassword = (err: unknown) => asLike(err).code === 'same_password';

export const needsReauthentication = (err: unknown) =>
  ['reauthentication_needed', 'reauthentication_not_valid'].includes(String(asLike(err).code));

/** The server's own wording for a weak password ("Password should be at least 8 characters."). */
export function authErrorMessage(err: unknown, fallback: string): string {
  const message = asLike(err).message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
