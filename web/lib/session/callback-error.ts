import { MESSAGES, type ToastMessage } from '../../../domain/messages.ts';
import { ACCOUNT_SUSPENDED } from './auth-errors.ts';

/**
 * An error the provider or the auth server put in the callback URL (?error=… or #error=…). Only
 * the codes are kept: error_description is text anyone can put into a link to this site, so it
 * is never shown (security audit L4).
 */
export interface CallbackUrlError {
  error: string;
  code: string | null;
}

export function callbackError(search: string, hash: string): CallbackUrlError | null {
  for (const part of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(part);
    const error = params.get('error') ?? (params.get('error_code') ? 'server_error' : null);
    if (error) return { error, code: params.get('error_code') };
  }
  return null;
}

export const DEFAULT_REASON = 'We could not sign you in. Please try again.';
const STARTED_ELSEWHERE = 'This sign-in was started in another browser or on another address of this site. Please start it again here.';
const TRY_AGAIN = 'This sign-in took too long or was already completed. Please try again.';

/** The product's own words for each error code the auth server or GoTrue puts in a callback URL. */
const REASON_BY_CODE: Readonly<Record<string, string>> = {
  otp_expired: 'This link has expired or was already used. If you already confirmed your e-mail, please sign in.',
  flow_state_expired: TRY_AGAIN,
  flow_state_not_found: TRY_AGAIN,
  bad_oauth_state: TRY_AGAIN,
  bad_code_verifier: STARTED_ELSEWHERE,
  user_banned: ACCOUNT_SUSPENDED.description,
  signup_disabled: 'Sign-ups are closed at the moment, so no new account can be created.',
  email_exists: 'An account with this e-mail address already exists. Please sign in with your e-mail and password.',
  identity_already_exists: 'This GitHub account is already linked to another account.',
  email_address_not_provided: 'GitHub did not share a verified e-mail address. Please add one to your GitHub account and try again.',
  provider_email_needs_verification: 'Please confirm your e-mail address with the link we just sent you, then sign in.',
  provider_disabled: 'GitHub sign-in is not available on this site.',
  over_request_rate_limit: MESSAGES.tooManyAttempts.description,
  over_email_send_rate_limit: MESSAGES.tooManyAttempts.description,
};

/**
 * The reason shown on /signin for a failed callback: a fixed message chosen by the error's code,
 * never text taken from the URL or the server.
 */
export function failureMessage(reason: unknown): string {
  if (!reason || typeof reason !== 'object') return DEFAULT_REASON;
  const r = reason as { code?: unknown; error?: unknown; name?: unknown };
  // supabase-js's own error when this browser holds no PKCE verifier for the code.
  if (r.name === 'AuthPKCECodeVerifierMissingError') return STARTED_ELSEWHERE;
  const code = typeof r.code === 'string' ? r.code : null;
  if (code && Object.hasOwn(REASON_BY_CODE, code)) return REASON_BY_CODE[code]!;
  // GitHub's "the user pressed Cancel" comes back as error=access_denied.
  if (r.error === 'access_denied' && (code === null || code === 'bad_oauth_callback')) return 'GitHub sign-in was cancelled.';
  return DEFAULT_REASON;
}

export const EMAIL_CONFIRMED: ToastMessage = { title: 'E-mail confirmed', description: 'Your e-mail is confirmed — please sign in.' };
const WELCOME_CONFIRMED: ToastMessage = { title: 'Welcome!', description: 'Your e-mail is confirmed and you are signed in.' };
const WELCOME_BACK: ToastMessage = { title: 'Welcome back', description: MESSAGES.signInSuccess };

export type CallbackOutcome =
  | { kind: 'signed-in'; to: string; toast: ToastMessage }
  | { kind: 'finish-signup'; code: string }
  | { kind: 'confirmed'; to: string; toast: ToastMessage }
  | { kind: 'failed'; to: string; toast: ToastMessage };

const failed = (reason: unknown): CallbackOutcome => ({ kind: 'failed', to: '/signin', toast: { title: 'Sign-in failed', description: failureMessage(reason) } });

/**
 * What /auth/callback does once supabase-js has initialised. `search` and `hash` are read after
 * initialisation: supabase-js removes ?code= once it has exchanged it, so a code still there was
 * not exchanged: this browser did not start the flow (no PKCE verifier) or the exchange failed.
 * For a sign-up confirmation that is fine: the auth server confirmed the address before it
 * redirected (the link was opened on another device, or on SITE_URL after signing up on another
 * address of the site), but the sign-up's password is the account's only once it is typed here
 * (decision 255): 'finish-signup' asks for it.
 */
export function callbackOutcome({ search, hash, initError, signedIn }: { search: string; hash: string; initError: unknown; signedIn: boolean }): CallbackOutcome {
  const fromUrl = callbackError(search, hash);
  if (fromUrl) return failed(fromUrl);
  const params = new URLSearchParams(search);
  const isSignup = params.get('flow') === 'signup';
  if (params.has('code')) {
    const code = (initError as { code?: unknown } | null)?.code;
    if (isSignup && code !== 'user_banned') return signedIn ? { kind: 'confirmed', to: '/', toast: EMAIL_CONFIRMED } : { kind: 'finish-signup', code: params.get('code')! };
    return failed(initError ?? { name: 'AuthPKCECodeVerifierMissingError' });
  }
  if (initError) return failed(initError);
  if (signedIn) return { kind: 'signed-in', to: '/', toast: isSignup ? WELCOME_CONFIRMED : WELCOME_BACK };
  return failed(null);
}
