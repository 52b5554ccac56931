import type { Context } from 'hono';
import { AuthError } from '../auth/errors.ts';
import { requireUser } from '../auth/caller.ts';
import { sessionMeetsAssurance } from '../auth/mfa.ts';
import { isBanned, type UserRow } from '../auth/users.ts';
import type { ServerContext } from '../context.ts';
import { FunctionError } from './types.ts';

/**
 * The caller must be signed in and be an admin now: app_metadata.role read from the current
 * auth.users row, not from the token (a demotion acts at once) and never from user_metadata;
 * with a verified second factor, from an aal2 session (decision 231).
 */
export async function requireAdmin(ctx: ServerContext, c: Context): Promise<UserRow> {
  let user: UserRow;
  let aal: unknown;
  try {
    let claims;
    ({ user, claims } = await requireUser(ctx, c));
    aal = claims.aal;
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(401, err.code, 'Sign in to do this');
    throw err;
  }
  if (user.raw_app_meta_data?.role !== 'admin' || isBanned(user)) {
    throw new FunctionError(403, 'not_admin', "You don't have admin permissions to do this");
  }
  // An admin who enrolled a second factor acts only from a session that proved it.
  if (!(await sessionMeetsAssurance(ctx.db, user.id, aal))) {
    throw new FunctionError(403, 'insufficient_aal', 'Verify your second factor (two-factor code) to do this');
  }
  return user;
}
