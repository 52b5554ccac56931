import type { TokenResponse } from './sessions.ts';

/** Implicit flow: tokens in the fragment, where supabase-js's detectSessionInUrl reads them. */
export function withTokens(redirectTo: string, tokens: TokenResponse, type: string, extra: Record<string, string> = {}): string {
  const url = new URL(redirectTo);
  url.hash = new URLSearchParams({
    access_token: tokens.access_token,
    expires_at: String(tokens.expires_at),
    expires_in: String(tokens.expires_in),
    refresh_token: tokens.refresh_token,
    token_type: 'bearer',
    ...(type ? { type } : {}),
    ...extra,
  }).toString();
  return url.toString();
}

/** PKCE flow: the browser that holds the verifier exchanges ?code= at /token?grant_type=pkce. */
export function withCode(redirectTo: string, code: string): string {
  const url = new URL(redirectTo);
  url.searchParams.set('code', code);
  return url.toString();
}

/** Errors go in the query and in the fragment, so both flows' URL parsers see them. */
export function withError(redirectTo: string, error: string, errorCode: string, description: string): string {
  const url = new URL(redirectTo);
  const params = { error, error_code: errorCode, error_description: description };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}
