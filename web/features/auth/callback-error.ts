/** An error the provider or the auth server put in the callback URL (?error=… or #error=…). */
export interface CallbackUrlError {
  error: string;
  code: string | null;
  description: string | null;
}

export function callbackError(search: string, hash: string): CallbackUrlError | null {
  for (const part of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(part);
    const error = params.get('error');
    if (error) return { error, code: params.get('error_code'), description: params.get('error_description') };
  }
  return null;
}

const DEFAULT_REASON = 'We could not sign you in. Please try again.';

/** The reason shown on /signin: the server's own description when there is one, in plain words. */
export function failureMessage(reason: unknown): string {
  if (!reason) return DEFAULT_REASON;
  const r = reason as { description?: unknown; message?: unknown; code?: unknown; error?: unknown };
  // A link opened in another browser than the one that asked for it cannot finish PKCE; the
  // address may well be confirmed though, so signing in by hand is the way forward.
  if (typeof r.message === 'string' && /code verifier/i.test(r.message)) {
    return 'This link was opened in a different browser. If you just confirmed your e-mail, please sign in.';
  }
  if (r.code === 'otp_expired' || r.code === 'flow_state_expired') return 'This link has expired. Please try again.';
  if (r.error === 'access_denied' && !r.description) return 'GitHub sign-in was cancelled.';
  const text = typeof r.description === 'string' ? r.description : typeof r.message === 'string' ? r.message : '';
  const clean = text.replace(/\+/g, ' ').trim().slice(0, 200);
  return clean || DEFAULT_REASON;
}
