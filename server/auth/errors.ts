import type { Context } from 'hono';

/** The error codes GoTrue sends in `code` (API version 2024-01-01) or `error_code` (older clients). */
export type AuthErrorCode =
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'weak_password'
  | 'same_password'
  | 'user_already_exists'
  | 'email_exists'
  | 'user_not_found'
  | 'validation_failed'
  | 'bad_json'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'bad_jwt'
  | 'bad_code_verifier'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'otp_expired'
  | 'session_not_found'
  | 'user_banned'
  | 'no_authorization'
  | 'not_admin'
  | 'signup_disabled'
  | 'email_address_invalid'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'provider_disabled'
  | 'anonymous_provider_disabled'
  | 'insufficient_aal'
  | 'mfa_factor_not_found'
  | 'mfa_factor_name_conflict'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'too_many_enrolled_mfa_factors'
  | 'unexpected_failure';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra top-level fields, e.g. weak_password: { reasons }. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** True when the client announced API version 2024-01-01 or later (supabase-js always does). */
function wantsNewShape(c: Context): boolean {
  const v = c.req.header(API_VERSION_HEADER);
  return Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION_2024);
}

/**
 * GoTrue's two error shapes: `{code, message}` for API version 2024-01-01 (with the version echoed
 * in the response header, which is how supabase-js decides to trust `code`), else
 * `{code: <status>, error_code, msg}`.
 */
export function authErrorResponse(c: Context, err: AuthError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  if (wantsNewShape(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: err.code, message: err.message, ...err.extra }, err.status as 400);
  }
  return c.json({ code: err.status, error_code: err.code, msg: err.message, ...err.extra }, err.status as 400);
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

export function emailRateLimited(wait: number): AuthError {
  return new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, {}, {
    'Retry-After': String(wait),
  });
}

/** 507 in GoTrue's shape, for the disk gate (server/ops/disk-gate.ts). */
export function authDiskFull(c: Context, message: string): Response {
  return authErrorResponse(c, new AuthError(507, 'unexpected_failure', message));
}
