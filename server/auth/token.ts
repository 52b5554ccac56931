import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { clientInfo, readJson, sessionDeps } from './http.ts';
import { verifyPassword } from './passwords.ts';
import { exchangeAuthCode } from './pkce.ts';
import { activateSignupOnExchange } from './signup-activations.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { createSession, refreshSession, type AuthMethod } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { pendingPasswordHashes } from './pending-signups.ts';
import { assertPasswordAttemptAllowed, recordPasswordFailure } from './signin-failures.ts';
import { findUserByEmail, findUserById, isBanned, type UserRow } from './users.ts';

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'token');
  const grant = c.req.query('grant_type');
  const body = await readJson(c);
  switch (grant) {
    case 'password':
      return c.json(await passwordGrant(ctx, c, body));
    case 'refresh_token': {
      const refreshToken = body.refresh_token;
      if (typeof refreshToken !== 'string' || refreshToken === '') throw validationFailed('refresh_token required');
      const outcome = await ctx.db.transaction((tx) => refreshSession(tx, sessionDeps(ctx), refreshToken));
      if (outcome instanceof AuthError) {
        // Reuse revoked a session: this process's recent checks no longer vouch for it (L6).
        ctx.sessions.forgetLive();
        throw outcome;
      }
      return c.json(outcome);
    }
    case 'pkce':
      return c.json(
        await ctx.db.transaction(async (tx) => {
          const flow = await exchangeAuthCode(tx, body.auth_code, body.code_verifier);
          // A sign-up's link: the password and name its own browser chose become the account's now.
          await activateSignupOnExchange(tx, flow.flowStateId, flow.userId);
          const user = await findUserById(tx, flow.userId);
          if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
          if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
          return createSession(tx, sessionDeps(ctx), user, amrFor(flow.authenticationMethod), clientInfo(ctx, c));
        }),
      );
    default:
      throw validationFailed('unsupported_grant_type');
  }
}

function amrFor(method: string): AuthMethod {
  if (method === 'recovery') return 'recovery';
  if (method === 'invite') return 'invite';
  if (method === 'oauth') return 'oauth';
  return 'otp';
}

async function passwordGrant(ctx: ServerContext, c: Context, body: Record<string, unknown>) {
  const { email, password } = body;
  if (typeof email !== 'string' || email.trim() === '') throw validationFailed('missing email or phone');
  if (typeof password !== 'string' || password === '') throw validationFailed('missing password');
  await assertPasswordAttemptAllowed(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  const verdict = await checkCredentials(ctx, user, password);
  if (verdict === 'wrong') {
    await recordPasswordFailure(ctx, email);
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (verdict === 'waiting') throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (!user!.email_confirmed_at) {
    const settings = await readAuthSettings(ctx.db, ctx.config);
    if (settings.requireEmailVerification) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  if (isBanned(user!)) throw new AuthError(400, 'user_banned', 'User is banned');
  return ctx.db.transaction((tx) => createSession(tx, sessionDeps(ctx), user!, 'password', clientInfo(ctx, c)));
}

/**
 * 'ok' for the account's own password; 'waiting' when the address is not confirmed yet and the
 * password is one of its waiting sign-ups' (their owner is told to confirm, and gets no session:
 * only the link decides whose password the account keeps, decision 100); else 'wrong'.
 */
async function checkCredentials(ctx: ServerContext, user: UserRow | undefined, password: string): Promise<'ok' | 'waiting' | 'wrong'> {
  if (user && !user.encrypted_password && !user.email_confirmed_at) {
    for (const hash of await pendingPasswordHashes(ctx.db, user.id)) {
      if (await verifyPassword(hash, password)) return 'waiting';
    }
  }
  // Unknown addresses are checked against a dummy hash, so timing does not tell them apart.
  const matches = await verifyPassword(user?.encrypted_password, password);
  return user && matches ? 'ok' : 'wrong';
}
