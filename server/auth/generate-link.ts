import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { invitedUser } from './admin.ts';
import { requireServiceRole } from './caller.ts';
import { AuthError, validationFailed } from './errors.ts';
import { issueLinkToken, verifyLink, type VerifyType } from './email-links.ts';
import { parseEmail, parseMetadata, readJson } from './http.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { dropPendingSignups } from './pending-signups.ts';
import { resolveRedirect } from './redirects.ts';
import { issueSignInCode } from './sign-in-codes.ts';
import { insertUnconfirmedUser } from './signup-confirmation.ts';
import { ensureEmailIdentity, findUserByEmail, findUserById, loadUserJson, type UserRow } from './users.ts';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery'] as const;
type LinkType = (typeof LINK_TYPES)[number];

interface IssuedLink {
  user: UserRow;
  secret: string;
  code: string;
  verifyType: VerifyType;
}

/**
 * POST /admin/generate_link: supabase-js `auth.admin.generateLink`, for a server that sends its
 * own mail. The link (and for `magiclink` the six-digit code) works as the mail's would; nothing
 * is mailed. `hashed_token` is the link's secret, which `verifyOtp({ token_hash, type })` accepts.
 * The e-mail change types are not offered (an address changes only through the anonymous
 * upgrade here, decision 030 §7); every other type has an e-mailed counterpart.
 */
export async function generateLink(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const body = await readJson(c);
  const type = body.type;
  if (!LINK_TYPES.includes(type as LinkType)) throw validationFailed(`generate_link requires a type: one of ${LINK_TYPES.join(', ')}`);
  const email = parseEmail(body.email);
  const data = parseMetadata(body.data, 'data') ?? {};
  const redirectTo = resolveRedirect(ctx.config, typeof body.redirect_to === 'string' ? body.redirect_to : c.req.query('redirect_to'));
  const encrypted = type === 'signup' ? await hashPassword((checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH), body.password as string)) : undefined;

  const issued = await ctx.db.transaction((tx) => issueLink(tx, type as LinkType, email, data, encrypted));
  const user = (await findUserById(ctx.db, issued.user.id))!;
  return c.json({
    ...(await loadUserJson(ctx.db, user)),
    action_link: verifyLink(ctx.config, issued.secret, issued.verifyType, redirectTo),
    email_otp: issued.code,
    hashed_token: issued.secret,
    redirect_to: redirectTo,
    verification_type: issued.verifyType,
  });
}

async function issueLink(tx: Queryable, type: LinkType, email: string, data: Record<string, unknown>, encryptedPassword?: string): Promise<IssuedLink> {
  switch (type) {
    case 'magiclink': {
      const user = (await findUserByEmail(tx, email)) ?? (await insertUnconfirmedUser(tx, { email }));
      const { link, code } = await issueSignInCode(tx, user.id);
      return { user, secret: link, code, verifyType: 'magiclink' };
    }
    case 'recovery': {
      const user = await findUserByEmail(tx, email);
      if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
      return { user, secret: await issueLinkToken(tx, user.id, 'recovery_token', email), code: '', verifyType: 'recovery' };
    }
    case 'invite': {
      const user = await invitedUser(tx, email, data);
      return { user, secret: await issueLinkToken(tx, user.id, 'invite_token', email), code: '', verifyType: 'invite' };
    }
    case 'signup': {
      const user = await signupAccount(tx, email, data, encryptedPassword!);
      return { user, secret: await issueLinkToken(tx, user.id, 'confirmation_token', email), code: '', verifyType: 'signup' };
    }
  }
}

/**
 * The account a generated sign-up link confirms, holding the password the server gave: the
 * service role speaks for the site, so no waiting sign-up's claim to the address survives it.
 */
async function signupAccount(tx: Queryable, email: string, data: Record<string, unknown>, encryptedPassword: string): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  const id = existing?.id ?? randomUUID();
  if (existing) {
    await tx.query(`update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now() where id = $1`, [id, encryptedPassword, JSON.stringify(data)]);
    await dropPendingSignups(tx, id);
  } else {
    await tx.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5)`,
      [id, email, encryptedPassword, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(data)],
    );
    await ensureEmailIdentity(tx, { id, email }, false);
  }
  return (await findUserById(tx, id))!;
}
