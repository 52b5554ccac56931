import { decodeJwt, decodeProtectedHeader } from 'jose';
import { isUuid } from '../../domain/ids.ts';
import type { Queryable } from '../db/database.ts';
import { JwtError, type ApiRole, type JwtClaims, type Keys } from '../security/jwt.ts';

/** Who a channel acts as: the token it was given and what it says, checked. */
export interface ChannelAuth {
  token: string;
  role: ApiRole;
  claims: JwtClaims;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The auth session the token belongs to, when it names one. */
  sessionId?: string;
  /** Channels whose keys are equal see exactly the same rows: one RLS check serves them all. */
  key: string;
}

export interface TokenRefusal {
  /** Supabase's error code, e.g. InvalidJWTToken (channel replies read "<code>: <message>"). */
  code: string;
  message: string;
  /** What Supabase answers a refused WebSocket connection with. */
  connectMessage: string;
}

export type TokenCheck = { ok: true; auth: ChannelAuth } | { ok: false; refusal: TokenRefusal };


const refuse = (code: string, message: string, connectMessage = message): TokenCheck => ({ ok: false, refusal: { code, message, connectMessage } });

export const MALFORMED = 'The token provided is not a valid JWT';
export const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';
export const SESSION_GONE = 'Session from session_id claim in JWT does not exist';

/**
 * Verifies a token as Supabase Realtime does (signature, expiry on the server's clock, `role` and
 * `exp` present), answering its words, and, when the token names an auth session, that the session
 * was not signed out (or ended by a ban): a WebSocket outlives requests, so a token whose session
 * is gone must not keep one open.
 */
export async function checkToken(keys: Keys, db: Queryable, token: string): Promise<TokenCheck> {
  let unverified: Record<string, unknown>;
  try {
    decodeProtectedHeader(token);
    unverified = decodeJwt(token);
  } catch {
    return refuse('MalformedJWT', MALFORMED);
  }
  let claims: JwtClaims;
  try {
    claims = await keys.verify(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired' && typeof unverified.exp === 'number') {
      return refuse('InvalidJWTToken', `Token has expired ${keys.nowSeconds() - Math.floor(unverified.exp)} seconds ago`, 'Token has expired');
    }
    if (err instanceof JwtError && err.message !== 'invalid JWT') return refuse('InvalidJWTToken', err.message);
    return refuse('JwtSignatureError', 'Failed to validate JWT signature');
  }
  if (typeof claims.exp !== 'number' || typeof claims.role !== 'string') return refuse('InvalidJWTToken', MISSING_CLAIMS);
  // Lowercase, as Postgres prints uuids: the guard compares ids it reads back (access-guard.ts).
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id.toLowerCase() : undefined;
  if (sessionId !== undefined) {
    const alive = isUuid(sessionId) && (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rows.length > 0;
    if (!alive) return refuse('InvalidJWTToken', SESSION_GONE);
  }
  return {
    ok: true,
    auth: { token, role: claims.role, claims, exp: claims.exp, sessionId, key: `${claims.role}\n${JSON.stringify(claims)}` },
  };
}
