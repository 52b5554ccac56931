import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { signInMail } from '../mail/templates.ts';
import { verifyLink } from './email-links.ts';
import { validationFailed } from './errors.ts';
import { parseEmail, readJson } from './http.ts';
import { EMAIL_MIN_INTERVAL_SECONDS } from './mail-links.ts';
import { createFlowState, parseChallenge } from './pkce.ts';
import { enforceAuthLimit } from './rate-limits.ts';
import { resolveRedirect } from './redirects.ts';
import { readAuthSettings } from './settings.ts';
import { issueSignInCode } from './sign-in-codes.ts';
import { insertUnconfirmedUser } from './signup-confirmation.ts';
import { findUserByEmail, isBanned } from './users.ts';

/**
 * POST /otp: supabase-js `signInWithOtp({ email })`, passwordless sign-in as GoTrue does it — a
 * mail with a link and a six-digit code (`verifyOtp({ email, token, type: 'email' })`), for an
 * account or, unless `create_user` is false or registration is closed, a new one (decision 227).
 *
 * The answer is `{}` whatever happens, as for sign-up (findings L2, L3): a registered, waiting,
 * unknown, banned or just-mailed address cannot be told apart. Following the mail confirms the
 * address and signs its holder in; it never activates a waiting sign-up's password (M4).
 */
export async function sendSignInMail(ctx: ServerContext, c: Context): Promise<Response> {
  await enforceAuthLimit(ctx, c, 'email');
  const body = await readJson(c);
  if (body.phone !== undefined && body.phone !== null && body.phone !== '') throw validationFailed('Sign-in by phone is not supported');
  const email = parseEmail(body.email);
  if (body.create_user !== undefined && typeof body.create_user !== 'boolean') throw validationFailed('create_user must be a boolean');
  const mayCreate = body.create_user !== false;
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = parseChallenge(body.code_challenge, body.code_challenge_method);

  await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!mayCreate || !(await readAuthSettings(tx, ctx.config)).allowRegistration) return;
      // No name from the request: whoever asks first for an address need not be its owner.
      user = await insertUnconfirmedUser(tx, { email });
    }
    if (isBanned(user) || user.is_anonymous) return;
    // One mail a minute per address; the earlier one stays the one to follow.
    const { rows } = await tx.query<{ recent: boolean }>(
      `select exists (select 1 from auth.sign_in_codes where user_id = $1
         and created_at > showcase_private.app_now() - make_interval(secs => $2)) as recent`,
      [user.id, EMAIL_MIN_INTERVAL_SECONDS],
    );
    if (rows[0]?.recent) return;
    const flowStateId = pkce ? await createFlowState(tx, pkce, { userId: user.id, provider: 'email', authenticationMethod: 'magiclink' }) : undefined;
    const issued = await issueSignInCode(tx, user.id, flowStateId);
    const { siteName } = await readAuthSettings(tx, ctx.config);
    const link = verifyLink(ctx.config, issued.link, 'magiclink', redirectTo);
    await ctx.mailer.send(signInMail({ to: user.email!, siteName, link, code: issued.code }));
  });
  return c.json({});
}
