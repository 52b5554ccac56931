import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { confirmSignupMail } from '../mail/templates.ts';
import type { UserCaller } from './caller.ts';
import { issueLinkToken, verifyLink } from './email-links.ts';
import { AuthError, emailRateLimited } from './errors.ts';
import { clientInfo, mergeMetadata, parseEmail, parseMetadata, sessionDeps } from './http.ts';
import { EMAIL_MIN_INTERVAL_SECONDS } from './mail-links.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { createFlowState, parseChallenge } from './pkce.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { resolveRedirect } from './redirects.ts';
import { createSession } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { createCreatorFromSignup, ensureEmailIdentity, findUserByEmail, findUserById, loadUserJson, type UserRow } from './users.ts';

/**
 * Anonymous users, as GoTrue has them (decision 120): POST /signup without an e-mail or phone
 * signs in a new user with is_anonymous = true, and PUT /user with an e-mail from that user's
 * session converts them into a permanent account, confirmed by e-mail, keeping their id (and
 * with it their votes).
 */

/** GoTrue's test: a sign-up that names neither an e-mail nor a phone is an anonymous sign-in. */
export function isAnonymousSignIn(body: Record<string, unknown>): boolean {
  return !body.email && !body.phone;
}

const ANONYMOUS_APP_METADATA = {};
const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** POST /signup with no e-mail or phone (supabase.auth.signInAnonymously()). */
export async function signInAnonymously(ctx: ServerContext, c: Context, body: Record<string, unknown>): Promise<Response> {
  const settings = await readAuthSettings(ctx.db, ctx.config);
  if (!settings.allowAnonymousVotes) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  await enforceAuthLimit(ctx, c, 'anonymous');
  const data = parseMetadata(body.data, 'data') ?? {};
  const tokens = await ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    // created_at on the app clock: vote weights and the purge compare it with app_now().
    await tx.query(
      `insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', true, $2, $3, showcase_private.app_now(), showcase_private.app_now())`,
      [id, JSON.stringify(ANONYMOUS_APP_METADATA), JSON.stringify(data)],
    );
    return createSession(tx, sessionDeps(ctx), (await findUserById(tx, id))!, 'anonymous', clientInfo(ctx, c));
  });
  return c.json(tokens);
}

/**
 * PUT /user from an anonymous session. With an e-mail it is a sign-up that keeps the user: answers
 * the updated user, or undefined when the body asks for nothing this path handles (metadata only),
 * so the ordinary update goes on.
 */
export async function updateAnonymousUser(
  ctx: ServerContext,
  c: Context,
  caller: UserCaller,
  body: Record<string, unknown>,
): Promise<Response | undefined> {
  const hasEmail = body.email !== undefined && body.email !== null && body.email !== '';
  if (!hasEmail) {
    if (body.password !== undefined && body.password !== null && body.password !== '') {
      throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
    }
    return undefined;
  }
  await enforceAuthLimit(ctx, c, 'signup');
  const settings = await readAuthSettings(ctx.db, ctx.config);
  if (!settings.allowRegistration) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const email = parseEmail(body.email);
  const hasPassword = body.password !== undefined && body.password !== null && body.password !== '';
  if (hasPassword) checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH);
  const encrypted = hasPassword ? await hashPassword(body.password as string) : undefined;
  const data = parseMetadata(body.data, 'data');
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);

  const json = await ctx.db.transaction(async (tx) => {
    const current = await findUserById(tx, caller.user.id, { forUpdate: true });
    if (!current?.is_anonymous) throw new AuthError(422, 'validation_failed', 'Email address cannot be changed');
    const taken = await findUserByEmail(tx, email);
    if (taken) {
      if (!settings.requireEmailVerification) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      // With confirmation on, answer as if the link were on its way, as sign-up does for a
      // registered address: the answer must not tell who has an account.
      return { ...(await loadUserJson(tx, current)), new_email: email, email_change_sent_at: new Date().toISOString() };
    }
    await tx.query(
      `update auth.users set encrypted_password = coalesce($2, encrypted_password), raw_user_meta_data = $3, updated_at = now() where id = $1`,
      [current.id, encrypted ?? null, JSON.stringify(data ? mergeMetadata(current.raw_user_meta_data, data) : current.raw_user_meta_data)],
    );
    if (!settings.requireEmailVerification) {
      // GoTrue's autoconfirm: the address counts as confirmed at once, like a sign-up's.
      await tx.query(`update auth.users set email_change = $2 where id = $1`, [current.id, email]);
      await confirmEmailChange(tx, (await findUserById(tx, current.id))!);
      return loadUserJson(tx, (await findUserById(tx, current.id))!);
    }
    const wait = await secondsUntilNextEmailChange(tx, current.id);
    if (wait > 0) throw emailRateLimited(wait);
    const flowStateId = pkce
      ? await createFlowState(tx, pkce, { userId: current.id, provider: 'email', authenticationMethod: 'email_change' })
      : undefined;
    const secret = await issueLinkToken(tx, current.id, 'email_change_token_new', email, { flowStateId });
    await tx.query(`update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1`, [
      current.id,
      email,
    ]);
    const { siteName } = settings;
    await ctx.mailer.send(confirmSignupMail({ to: email, siteName, link: verifyLink(ctx.config, secret, 'email_change', redirectTo) }));
    const updated = (await findUserById(tx, current.id))!;
    return { ...(await loadUserJson(tx, updated)), new_email: email, email_change_sent_at: new Date().toISOString() };
  });
  return c.json(json);
}

async function secondsUntilNextEmailChange(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ wait: number | null }>(
    `select ceil(extract(epoch from (email_change_sent_at + make_interval(secs => $2) - now())))::int as wait from auth.users where id = $1`,
    [userId, EMAIL_MIN_INTERVAL_SECONDS],
  );
  return Math.max(0, rows[0]?.wait ?? 0);
}

/**
 * The link of an e-mail change was followed (GET/POST /verify, type email_change): the address
 * becomes the account's, confirmed, and an anonymous user becomes a permanent one. Answers an
 * error code when it cannot.
 */
export async function confirmEmailChange(tx: Queryable, user: UserRow): Promise<'otp_expired' | 'email_exists' | undefined> {
  const { rows } = await tx.query<{ email_change: string | null }>(`select email_change from auth.users where id = $1`, [user.id]);
  const email = rows[0]?.email_change;
  if (!email) return 'otp_expired';
  const taken = await findUserByEmail(tx, email);
  if (taken && taken.id !== user.id) return 'email_exists';
  await tx.query(
    `update auth.users
        set email = email_change, email_change = null, email_change_sent_at = null,
            email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
            raw_app_meta_data = raw_app_meta_data || $2::jsonb, updated_at = now()
      where id = $1`,
    [user.id, JSON.stringify(EMAIL_APP_METADATA)],
  );
  await ensureEmailIdentity(tx, { id: user.id, email }, true);
  // A visitor who upvoted and signed up is a member now: their creator row, under the name they
  // chose (decision 226), as for any confirmed sign-up. Nothing when they have one already.
  await createCreatorFromSignup(tx, user.id);
  return undefined;
}
