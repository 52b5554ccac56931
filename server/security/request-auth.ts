import type { Context } from 'hono';
import type { Database, Queryable } from '../db/database.ts';
import { requestHeader } from '../http/node-request.ts';
import { runAsCaller, type RequestOrigin } from './caller.ts';
import type { ApiRole, JwtClaims, Keys } from './jwt.ts';
import { JwtError } from './jwt.ts';

/** Who is calling: the Postgres role to switch to and the claims policies read. */
export interface RequestAuth {
  role: ApiRole;
  claims: JwtClaims;
  /** The verified bearer token, when there was one. */
  token?: string;
  userId?: string;
}

export class MissingApiKeyError extends Error {
  constructor() {
    super('No API key found in request');
  }
}

/** The bearer token wins over the apikey header, as on Supabase. */
export function bearerToken(c: Context): string | undefined {
  const header = requestHeader(c, 'authorization');
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (m) return m[1];
  return requestHeader(c, 'apikey') ?? urlApiKey(c);
}

/** ?apikey= in the URL, read only when no header carries a key. */
function urlApiKey(c: Context): string | undefined {
  return c.req.url.includes('apikey=') ? (c.req.query('apikey') ?? undefined) : undefined;
}

/**
 * Supabase also reads the key from ?apikey= (for clients that cannot set headers), but URLs end
 * up in logs, histories and Referer headers: there only the anon key, public anyway, is accepted
 * (finding I6). A user's access token or the service_role key in a URL is refused.
 */
export function checkKeyPlacement(c: Context, token: string, claims: Pick<JwtClaims, 'role'>): void {
  if (claims.role === 'anon' || requestHeader(c, 'authorization') !== undefined || requestHeader(c, 'apikey') !== undefined) return;
  if (urlApiKey(c) === token) throw new KeyInUrlError();
}

export class KeyInUrlError extends JwtError {
  constructor() {
    super('Only the anon key may be sent in the URL; send other keys and tokens in a header', 'invalid');
  }
}

/** Throws MissingApiKeyError or JwtError; callers map those to their protocol's error shape. */
export async function authenticate(c: Context, keys: Keys): Promise<RequestAuth> {
  const token = bearerToken(c);
  if (!token) throw new MissingApiKeyError();
  const claims = await keys.verify(token);
  checkKeyPlacement(c, token, claims);
  return { role: claims.role, claims, token, userId: claims.role === 'authenticated' ? claims.sub : undefined };
}

export { JwtError };

/** The caller of a read the server makes on nobody's behalf (previews, feeds, badges): `anon`, as a visitor. */
export const ANON_CALLER: Pick<RequestAuth, 'role' | 'claims'> = { role: 'anon', claims: { role: 'anon' } };

/**
 * Runs fn in one transaction as the caller's Postgres role with the JWT claims in
 * request.jwt.claims, exactly as PostgREST does, so RLS policies decide what it sees; under the
 * role's statement_timeout when given (statementTimeoutFor). The one executor: security/caller.ts.
 */
export function asCaller<T>(
  db: Database,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  fn: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean; statementTimeout?: string | null; from?: RequestOrigin } = {},
): Promise<T> {
  return runAsCaller(db, { auth, readOnly: options.readOnly, statementTimeout: options.statementTimeout ?? null, from: options.from }, fn);
}
