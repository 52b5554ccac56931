import type { ServerContext } from '../context.ts';
import type { UserCaller } from './caller.ts';
import { consumeLinkToken } from './email-links.ts';
import { AuthError } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { assertPasswordAttemptAllowed, recordPasswordFailure } from './signin-failures.ts';

/** A recovery session may set a new password without the old one for this long (as long as its link lived). */
const RECOVERY_WINDOW_MS = 3600 * 1000;

/**
 * PUT /user with a new password must prove the caller knows the account, not only holds a token
 * (finding L7; GoTrue's "secure password change" with its current_password option, always on):
 * the current password, or the nonce e-mailed by GET /reauthenticate. Exempt: an account with no
 * password yet (GitHub-only, invited) and a fresh recovery session (/reset-password), whose e-mailed
 * link already proved the inbox. Wrong current passwords count against the account's sign-in
 * failures (signin-failures.ts), so this is no side door for guessing.
 */
export async function authorizePasswordChange(ctx: ServerContext, { user, session }: UserCaller, body: Record<string, unknown>): Promise<void> {
  if (!user.encrypted_password) return;
  if (await isFreshRecovery(ctx, session)) return;
  if (typeof body.current_password === 'string' && body.current_password !== '') {
    await assertPasswordAttemptAllowed(ctx, user.email ?? user.id);
    if (await verifyPassword(user.encrypted_password, body.current_password)) return;
    await recordPasswordFailure(ctx, user.email ?? user.id);
    throw new AuthError(400, 'invalid_credentials', 'Current password is incorrect');
  }
  if (typeof body.nonce === 'string' && body.nonce !== '') {
    const consumed = await ctx.db.transaction((tx) => consumeLinkToken(tx, body.nonce as string, ['reauthentication_token'], user.id));
    if (consumed && !consumed.expired) return;
    // One guess per e-mailed code: six digits must not be enumerable.
    await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'`, [user.id]);
    throw new AuthError(400, 'reauthentication_not_valid', 'Requires reauthentication');
  }
  throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
}

async function isFreshRecovery(ctx: ServerContext, session: UserCaller['session']): Promise<boolean> {
  if (ctx.clock.nowMs() - new Date(session.created_at).getTime() > RECOVERY_WINDOW_MS) return false;
  const { rows } = await ctx.db.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [session.id]);
  return rows.length > 0;
}
