import { inviteUser } from '../auth/admin.ts';
import { AuthError } from '../auth/errors.ts';
import { parseEmail, readJson } from '../auth/http.ts';
import { enforceAuthLimit } from '../auth/rate-limits.ts';
import { resolveRedirect } from '../auth/redirects.ts';
import { recordStaffAction, requestOrigin } from '../security/staff-audit.ts';
import { requireAdmin } from './require-admin.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/**
 * Admin › Users › Invite User: { email, name? } → an invitation e-mail, as
 * supabase.auth.admin.inviteUserByEmail would send it with the service_role key.
 */
export const adminInviteUser: ServerFunction = async (ctx, c) => {
  const admin = await requireAdmin(ctx, c);
  try {
    // It sends mail: paced like every other e-mail-sending endpoint (L11).
    await enforceAuthLimit(ctx, c, 'email');
    const body = await readJson(c);
    const email = parseEmail(body.email, 'Please enter a valid email address.');
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 100)) {
      throw new FunctionError(400, 'validation_failed', 'name must be text of at most 100 characters');
    }
    const data = typeof body.name === 'string' && body.name.trim() ? { name: body.name.trim() } : {};
    const redirectTo = resolveRedirect(ctx.config, body.redirectTo ?? `${ctx.config.SITE_URL}/auth/callback`);
    const from = requestOrigin(c, ctx.config.TRUST_PROXY);
    const user = await inviteUser(ctx, email, data, redirectTo, (tx, invited) =>
      recordStaffAction(tx, { actorId: admin.id, actorRole: 'admin', action: 'user.invite', subjectTable: 'auth.users', subjectId: invited.id, subjectLabel: email, from }),
    );
    return c.json({ user: { id: user.id, email: user.email, invited_at: user.invited_at } });
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(err.status, err.code, err.message);
    throw err;
  }
};
