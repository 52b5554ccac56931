import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { reauthenticationMail } from '../mail/templates.ts';
import { updateAnonymousUser } from './anonymous.ts';
import { requireUser } from './caller.ts';
import { issueLinkToken } from './email-links.ts';
import { AuthError, emailRateLimited, validationFailed } from './errors.ts';
import { checkMetadataName, mergeMetadata, parseMetadata, readJson } from './http.ts';
import { secondsUntilNextMail } from './mail-links.ts';
import { authorizePasswordChange } from './password-change.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { revokeSessions, type LogoutScope } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { randomDigits } from './tokens.ts';
import { findUserById, loadUserJson, normaliseEmail } from './users.ts';

/** GET /user */
export async function getUser(ctx: ServerContext, c: Context): Promise<Response> {
  const { user } = await requireUser(ctx, c);
  return c.json(await loadUserJson(ctx.db, user));
}

/** PUT /user: metadata and password. The e-mail is read-only in this product, except to convert an anonymous user. */
export async function updateUser(ctx: ServerContext, c: Context): Promise<Response> {
  const caller = await requireUser(ctx, c);
  const { user, session } = caller;
  const body = await readJson(c);
  // An anonymous user signing up keeps their id, and with it their votes.
  if (user.is_anonymous) {
    checkMetadataName(parseMetadata(body.data, 'data'));
    const converted = await updateAnonymousUser(ctx, c, caller, body);
    if (converted) return converted;
  }
  const data = parseMetadata(body.data, 'data');
  // A name kept from before the rules (decision 226) may be sent back unchanged.
  if (data?.name !== user.raw_user_meta_data?.name) checkMetadataName(data);
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    if (typeof body.email !== 'string' || normaliseEmail(body.email) !== normaliseEmail(user.email ?? '')) {
      throw new AuthError(422, 'validation_failed', 'Email address cannot be changed');
    }
  }
  if (body.phone) throw new AuthError(422, 'validation_failed', 'Phone numbers are not supported');

  let encrypted: string | undefined;
  if (body.password !== undefined && body.password !== null) {
    checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH);
    await authorizePasswordChange(ctx, caller, body);
    if (await verifyPassword(user.encrypted_password, body.password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    encrypted = await hashPassword(body.password);
  }

  const updated = await ctx.db.transaction(async (tx) => {
    const current = (await findUserById(tx, user.id, { forUpdate: true }))!;
    if (data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(current.raw_user_meta_data, data)),
      ]);
    }
    if (encrypted) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, encrypted]);
      // A new password ends every other sign-in, as GoTrue does.
      await revokeSessions(tx, user.id, session.id, 'others');
      ctx.sessions.forgetLive();
    }
    return (await findUserById(tx, user.id))!;
  });
  return c.json(await loadUserJson(ctx.db, updated));
}

/** GET /reauthenticate: e-mails a six-digit nonce for PUT /user, paced per address and per IP (L11). */
export async function reauthenticate(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'email');
  const { user } = await requireUser(ctx, c);
  if (!user.email) throw validationFailed('Reauthentication requires the user to have an email');
  await ctx.db.transaction(async (tx) => {
    // The caller's own address: saying so reveals nothing.
    const wait = await secondsUntilNextMail(tx, user.id, 'reauthentication');
    if (wait > 0) throw emailRateLimited(wait);
    const code = randomDigits();
    await issueLinkToken(tx, user.id, 'reauthentication_token', user.email!, { secret: code });
    await tx.query(`update auth.users set reauthentication_sent_at = now() where id = $1`, [user.id]);
    const { siteName } = await readAuthSettings(tx, ctx.config);
    await ctx.mailer.send(reauthenticationMail({ to: user.email!, siteName, code }));
  });
  return c.json({});
}

/** POST /logout?scope=local|global|others */
export async function logout(ctx: ServerContext, c: Context): Promise<Response> {
  const scope = (c.req.query('scope') ?? 'global') as LogoutScope;
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed('Unsupported logout scope "' + scope + '"');
  const { user, session } = await requireUser(ctx, c);
  await ctx.db.transaction((tx) => revokeSessions(tx, user.id, session.id, scope));
  // Data calls of this process stop trusting their recent checks at once (L6).
  ctx.sessions.forgetLive();
  return c.body(null, 204);
}
