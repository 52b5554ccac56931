import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { reauthenticationMail } from '../mail/templates.ts';
import { requireUser } from './caller.ts';
import { consumeLinkToken, issueLinkToken } from './email-links.ts';
import { AuthError, validationFailed } from './errors.ts';
import { mergeMetadata, parseMetadata, readJson } from './http.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { revokeSessions, type LogoutScope } from './sessions.ts';
import { readAuthSettings } from './settings.ts';
import { randomDigits } from './tokens.ts';
import { findUserById, loadUserJson, normaliseEmail } from './users.ts';

/** A session this young may change its password without a nonce (GoTrue's rule: 24 hours). */
const RECENT_SESSION_SECONDS = 24 * 3600;

/** GET /user */
export async function getUser(ctx: ServerContext, c: Context): Promise<Response> {
  const { user } = await requireUser(ctx, c);
  return c.json(await loadUserJson(ctx.db, user));
}

/** PUT /user: metadata and password. The e-mail is read-only in this product. */
export async function updateUser(ctx: ServerContext, c: Context): Promise<Response> {
  const { user, session } = await requireUser(ctx, c);
  const body = await readJson(c);
  const data = parseMetadata(body.data, 'data');
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    if (typeof body.email !== 'string' || normaliseEmail(body.email) !== normaliseEmail(user.email ?? '')) {
      throw new AuthError(422, 'validation_failed', 'Email address cannot be changed');
    }
  }
  if (body.phone) throw new AuthError(422, 'validation_failed', 'Phone numbers are not supported');

  let encrypted: string | undefined;
  if (body.password !== undefined && body.password !== null) {
    checkPasswordStrength(body.password);
    const recent = Date.now() - new Date(session.created_at).getTime() < RECENT_SESSION_SECONDS * 1000;
    if (!recent) {
      if (typeof body.nonce !== 'string' || body.nonce === '') {
        throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
      }
      const consumed = await ctx.db.transaction((tx) => consumeLinkToken(tx, body.nonce as string, ['reauthentication_token'], user.id));
      if (!consumed || consumed.expired) {
        // One guess per e-mailed code: six digits must not be enumerable.
        await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'`, [user.id]);
        throw new AuthError(400, 'reauthentication_not_valid', 'Requires reauthentication');
      }
    }
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
    }
    return (await findUserById(tx, user.id))!;
  });
  return c.json(await loadUserJson(ctx.db, updated));
}

/** GET /reauthenticate: e-mails a six-digit nonce for PUT /user. */
export async function reauthenticate(ctx: ServerContext, c: Context): Promise<Response> {
  const { user } = await requireUser(ctx, c);
  if (!user.email) throw validationFailed('Reauthentication requires the user to have an email');
  await ctx.db.transaction(async (tx) => {
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
  return c.body(null, 204);
}
