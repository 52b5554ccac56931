import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { JwtError, type JwtClaims } from '../security/jwt.ts';
import { AuthError } from './errors.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

function authorizationBearer(c: Context): string | undefined {
  const m = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1];
}

async function verifiedClaims(ctx: ServerContext, token: string): Promise<JwtClaims> {
  try {
    return await ctx.keys.verify(token);
  } catch (err) {
    const reason = err instanceof JwtError && err.reason === 'expired' ? 'token is expired' : 'signature is invalid';
    throw new AuthError(401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export interface UserCaller {
  user: UserRow;
  session: SessionRow;
  claims: JwtClaims;
}

/**
 * The signed-in user behind the bearer token: a valid signature, a user id, a session that was
 * not signed out, and a user that still exists. 401 no_authorization / bad_jwt, 403 session_not_found.
 */
export async function requireUser(ctx: ServerContext, c: Context): Promise<UserCaller> {
  const token = authorizationBearer(c);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(ctx, token);
  if (claims.role !== 'authenticated' || !isUuid(claims.sub)) {
    throw new AuthError(401, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const session = await findSession(ctx.db, claims.session_id);
  if (!session || session.user_id !== claims.sub) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, session, claims };
}

/** Admin endpoints: the service_role key (never a user's token, whatever its metadata says). */
export async function requireServiceRole(ctx: ServerContext, c: Context): Promise<void> {
  const token = authorizationBearer(c) ?? c.req.header('apikey');
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(ctx, token);
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
}
