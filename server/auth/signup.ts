import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { isAnonymousSignIn, signInAnonymously } from './anonymous.ts';
import { AuthError } from './errors.ts';
import { checkMetadataName, clientInfo, parseEmail, parseMetadata, readJson, sessionDeps } from './http.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { dropPendingSignups } from './pending-signups.ts';
import { parseChallenge } from './pkce.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { resolveRedirect } from './redirects.ts';
import { createSession, type TokenResponse } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { resendConfirmation, signupWithConfirmation } from './signup-confirmation.ts';
import { createCreatorFromSignup, ensureEmailIdentity, findUserByEmail, findUserById } from './users.ts';

/** POST /signup */
export async function signup(ctx: ServerContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  // Neither e-mail nor phone: signInAnonymously(), with a limit and a switch of its own.
  if (isAnonymousSignIn(body)) return signInAnonymously(ctx, c, body);
  await enforceAuthLimit(ctx, c, 'signup');
  const email = parseEmail(body.email, 'To signup, please provide your email');
  checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH);
  const password = body.password;
  const data = parseMetadata(body.data, 'data') ?? {};
  checkMetadataName(data);
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
  const settings = await readAuthSettings(ctx.db, ctx.config);
  if (!settings.allowRegistration) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const encrypted = await hashPassword(password);
  if (settings.requireEmailVerification) {
    return c.json(await signupWithConfirmation(ctx, { email, data, redirectTo, pkce }, password, encrypted));
  }
  return c.json(await signupAutoconfirmed(ctx, c, email, data, encrypted));
}

/**
 * With confirmation off the address is taken at once and a session returned; a registered
 * address is refused with GoTrue's 422 user_already_exists (inherent to this mode: finding I1).
 */
async function signupAutoconfirmed(ctx: ServerContext, c: Context, email: string, data: Record<string, unknown>, encrypted: string): Promise<TokenResponse> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      // Left waiting from when confirmation was on: nobody proved that inbox, so nothing of theirs is kept.
      await tx.query(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = $3, email_confirmed_at = now(), updated_at = now() where id = $1`,
        [userId, encrypted, JSON.stringify(data)],
      );
      await dropPendingSignups(tx, userId);
    } else {
      await tx.query(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, $3, now(), $4, $5)`,
        [userId, email, encrypted, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(data)],
      );
    }
    const user = (await findUserById(tx, userId))!;
    await ensureEmailIdentity(tx, user, true);
    await createCreatorFromSignup(tx, userId);
    return createSession(tx, sessionDeps(ctx), user, 'password', clientInfo(ctx, c));
  });
}

/** POST /resend: another confirmation e-mail. Every address gets the same answer, whatever happens. */
export async function resend(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'email');
  const body = await readJson(c);
  if (body.type !== 'signup') throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup');
  const email = parseEmail(body.email);
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
  await resendConfirmation(ctx, email, redirectTo, pkce);
  return c.json({});
}
