import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { AuthError } from './errors.ts';
import { clientInfo, parseEmail, parseMetadata, readJson, sessionDeps } from './http.ts';
import { EMAIL_MIN_INTERVAL_SECONDS, secondsUntilNextMail, sendLinkMail } from './mail-links.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { parseChallenge } from './pkce.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { resolveRedirect } from './redirects.ts';
import { createSession } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { ensureEmailIdentity, findUserByEmail, findUserById, loadUserJson } from './users.ts';

export function emailRateLimited(wait: number): AuthError {
  return new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, {}, {
    'Retry-After': String(wait),
  });
}

/** POST /signup */
export async function signup(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'signup');
  const body = await readJson(c);
  const email = parseEmail(body.email, 'To signup, please provide your email');
  checkPasswordStrength(body.password);
  const password = body.password;
  const data = parseMetadata(body.data, 'data') ?? {};
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
  const settings = await readAuthSettings(ctx.db, ctx.config);
  if (!settings.allowRegistration) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const encrypted = await hashPassword(password);

  const result = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (!settings.requireEmailVerification) throw new AuthError(422, 'user_already_exists', 'User already registered');
      // With confirmation on, answer exactly as for a new address, so sign-up does not reveal
      // who is registered (GoTrue's obfuscated user).
      return { json: obfuscatedUser(email, data) };
    }
    let userId: string;
    if (existing) {
      // Unconfirmed: the latest sign-up's password and data win, and a fresh link is sent, so a
      // stranger who registered the address first cannot keep a password on it.
      const wait = await secondsUntilNextMail(tx, existing.id, 'signup');
      if (wait > 0) throw emailRateLimited(wait);
      userId = existing.id;
      await tx.query(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now() where id = $1`,
        [userId, encrypted, JSON.stringify(data)],
      );
    } else {
      userId = randomUUID();
      await tx.query(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6)`,
        [
          userId,
          email,
          encrypted,
          settings.requireEmailVerification ? null : new Date(),
          JSON.stringify({ provider: 'email', providers: ['email'] }),
          JSON.stringify(data),
        ],
      );
    }
    const user = (await findUserById(tx, userId))!;
    await ensureEmailIdentity(tx, user, !settings.requireEmailVerification);
    if (!settings.requireEmailVerification) {
      return { json: await createSession(tx, sessionDeps(ctx), user, 'password', clientInfo(ctx, c)) };
    }
    await sendLinkMail(ctx, tx, user, 'signup', redirectTo, pkce);
    return { json: await loadUserJson(tx, (await findUserById(tx, userId))!) };
  });
  return c.json(result.json);
}

function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /resend: another confirmation e-mail. Unknown or confirmed addresses get the same answer. */
export async function resend(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'email');
  const body = await readJson(c);
  if (body.type !== 'signup') throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup');
  const email = parseEmail(body.email);
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.email_confirmed_at) return;
    const wait = await secondsUntilNextMail(tx, user.id, 'signup');
    if (wait > 0) throw emailRateLimited(Math.min(wait, EMAIL_MIN_INTERVAL_SECONDS));
    await sendLinkMail(ctx, tx, user, 'signup', redirectTo, pkce);
  });
  return c.json({});
}
