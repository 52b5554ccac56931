import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from '../db/database.ts';
import type { Keys } from '../security/jwt.ts';
import { AuthError } from './errors.ts';
import { randomToken, sha256 } from './tokens.ts';
import { findUserById, isBanned, loadUserJson, type UserJson, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'oauth' | 'otp' | 'recovery' | 'invite' | 'email/signup' | 'anonymous';

/** GoTrue's refresh-token reuse interval: a rotated token still works this long (parallel tabs). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export interface SessionDeps {
  keys: Keys;
  expirySeconds: number;
  issuer: string;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Starts a session for a user who just proved who they are. Call inside a transaction. */
export async function createSession(
  tx: Queryable,
  deps: SessionDeps,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo = {},
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at) values ($1, $2, 'aal1', $3, $4, now())`,
    [sessionId, user.id, client.userAgent?.slice(0, 512) ?? null, validIp(client.ip)],
  );
  await tx.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [sessionId, method]);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
  const refreshToken = randomToken();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [
    sha256(refreshToken),
    user.id,
    sessionId,
  ]);
  const fresh = (await findUserById(tx, user.id))!;
  return tokenResponse(tx, deps, fresh, sessionId, refreshToken);
}

async function tokenResponse(
  tx: Queryable,
  deps: SessionDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const { rows: level } = await tx.query<{ aal: string }>(`select aal from auth.sessions where id = $1`, [sessionId]);
  const { rows: amr } = await tx.query<{ method: string; at: Date }>(
    `select authentication_method as method, created_at as at from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  );
  const now = deps.keys.nowSeconds();
  const exp = now + deps.expirySeconds;
  const accessToken = await deps.keys.sign(
    {
      iss: deps.issuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      role: 'authenticated',
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      // aal2 once a factor was verified in this session (mfa.ts); refreshes keep it.
      aal: level[0]?.aal ?? 'aal1',
      amr: amr.map((a) => ({ method: a.method, timestamp: Math.floor(new Date(a.at).getTime() / 1000) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
      iat: now,
      exp,
    },
    deps.expirySeconds,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: deps.expirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(tx, user),
  };
}

interface RefreshRow {
  id: number;
  token: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string;
  user_id: string;
  fresh_enough: boolean;
}

/**
 * Rotates a refresh token. A token that was already rotated is accepted only within the grace
 * interval (two tabs refreshing at once); after that its reuse means it leaked, so the whole
 * session is revoked, as GoTrue's reuse detection does, and that refusal is returned so the
 * transaction commits. Call inside a transaction.
 */
export async function refreshSession(tx: Queryable, deps: SessionDeps, refreshToken: string): Promise<TokenResponse | AuthError> {
  const { rows } = await tx.query<RefreshRow>(
    `select rt.id, rt.token, rt.revoked, rt.updated_at, rt.session_id, s.user_id,
            rt.updated_at > now() - make_interval(secs => $2) as fresh_enough
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
      for update of rt, s`,
    [sha256(refreshToken), REFRESH_REUSE_GRACE_SECONDS],
  );
  const row = rows[0];
  if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

  const user = await findUserById(tx, row.user_id);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');

  if (row.revoked) {
    const { rows: children } = await tx.query<{ n: number }>(
      `select count(*)::int as n from auth.refresh_tokens where parent = $1 and not revoked`,
      [row.token],
    );
    if (!row.fresh_enough || children[0]!.n === 0) {
      await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
      // Returned, not thrown: the revocation must commit.
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    // Within the grace interval: hand out a sibling of the token the other tab received.
  } else {
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
  }
  const next = randomToken();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    sha256(next),
    user.id,
    row.session_id,
    row.token,
  ]);
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [row.session_id]);
  return tokenResponse(tx, deps, user, row.session_id, next);
}

/**
 * The session proved a second factor (decision 231): aal2 from now on, for this and every later
 * refresh of it, 'totp' among its methods, and a new refresh token beside the old ones.
 */
export async function raiseSessionToAal2(
  tx: Queryable,
  deps: SessionDeps,
  user: UserRow,
  sessionId: string,
  factorId: string,
  method: 'totp' | 'recovery' = 'totp',
): Promise<TokenResponse> {
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
  const refreshToken = randomToken();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [sha256(refreshToken), user.id, sessionId]);
  return tokenResponse(tx, deps, user, sessionId, refreshToken);
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function revokeSessions(tx: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (scope === 'local') {
    await tx.query(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  }
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: 'aal1' | 'aal2';
}

export async function findSession(db: Queryable, sessionId: unknown): Promise<SessionRow | undefined> {
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
  const { rows } = await db.query<SessionRow>(`select id, user_id, created_at, aal from auth.sessions where id = $1`, [sessionId]);
  return rows[0];
}

function validIp(ip: string | undefined): string | null {
  return ip && isIP(ip) ? ip : null;
}
