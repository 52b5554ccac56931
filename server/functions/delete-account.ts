import { requireUser } from '../auth/caller.ts';
import { AuthError } from '../auth/errors.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { findUserById } from '../auth/users.ts';
import type { Queryable } from '../db/database.ts';
import type { PendingChange, StorageBackend } from '../storage/backend.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/**
 * Profile › Delete account: the caller erases their own account and everything it made. The
 * account is taken only from the verified access token and its live session; the request body is
 * never read, so no id sent in it can point the deletion at someone else. Banned users may delete
 * too (leaving is not a privilege).
 */
export const deleteAccount: ServerFunction = async (ctx, c) => {
  let userId: string;
  try {
    userId = (await requireUser(ctx, c)).user.id;
  } catch (err) {
    if (err instanceof AuthError) throw new FunctionError(401, err.code, 'Sign in to delete your account');
    throw err;
  }

  const pending: PendingChange[] = [];
  try {
    const deleted = await ctx.db.transaction(async (tx) => {
      await assertNotLastAdmin(tx, userId);
      // Locks the row so a concurrent sign-in or second delete waits for this one.
      if (!(await findUserById(tx, userId, { forUpdate: true }))) return false;
      await eraseAccount(tx, ctx.storage, userId, pending);
      return true;
    });
    if (!deleted) throw new FunctionError(401, 'user_not_found', 'Sign in to delete your account');
    ctx.sessions.forgetLive();
    await Promise.all(pending.map((p) => p.finalize()));
  } catch (err) {
    for (const p of pending) await p.rollback().catch((err) => ctx.logger.error('delete-account: could not restore a file', { err }));
    throw err;
  }
  return c.json({ deleted: true });
};

/**
 * The site must keep an admin (finding L9): the last one cannot leave until they make someone else
 * an admin. Every admin row is locked first, so two admins deleting at once cannot both go.
 */
async function assertNotLastAdmin(tx: Queryable, userId: string): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users
      where raw_app_meta_data ->> 'role' = 'admin' and deleted_at is null and (banned_until is null or banned_until <= now())
      order by id for update`,
  );
  if (rows.some((r) => r.id === userId) && rows.length === 1) {
    throw new FunctionError(409, 'last_admin', 'You are the only admin. Make someone else an admin before deleting your account.');
  }
}

/**
 * Everything tied to one account, in one transaction. The foreign keys cascade from auth.users to
 * creators → projects → comments, votes and views, and to the user's own comments, votes,
 * sessions, identities and one-time tokens. What has no foreign key is removed here: stored files,
 * refresh tokens and PKCE state (they key users by text or not at all), activity lines that name
 * the account or its content, and the reporter e-mail on reports it filed. Reports about the
 * account or its content stay (finding I5): leaving must not wipe a moderation trail; they keep
 * the label of what was reported.
 */
async function eraseAccount(tx: Queryable, storage: StorageBackend, userId: string, pending: PendingChange[]): Promise<void> {
  const { rows: projects } = await tx.query<{ id: string }>(`select id from public.projects where creator_id = $1`, [userId]);
  const projectIds = projects.map((p) => p.id);
  const { rows: comments } = await tx.query<{ id: string }>(
    `select id from public.project_comments where user_id = $1 or project_id = any($2::uuid[])`,
    [userId, projectIds],
  );
  const commentIds = comments.map((r) => r.id);

  const { rows: objects } = await tx.query<{ bucket_id: string; name: string; version: string | null }>(
    `delete from storage.objects where owner = $1 or owner_id = $1::text returning bucket_id, name, version`,
    [userId],
  );
  // Files move aside now and are removed after the commit, so a failed transaction restores them.
  for (const o of objects) pending.push(await storage.remove({ bucket: o.bucket_id, key: o.name, version: o.version }));

  await tx.query(
    `delete from public.activity_events
      where actor_id = $1 or subject_id = $1 or subject_id = any($2::uuid[]) or subject_id = any($3::uuid[])`,
    [userId, projectIds, commentIds],
  );
  // Their reports about others stay for the moderators, without the reporter's e-mail.
  await tx.query(`update public.reports set reporter = 'Deleted user' where reporter_id = $1`, [userId]);

  await revokeSessions(tx, userId, undefined, 'global');
  await tx.query(`delete from auth.refresh_tokens where user_id = $1::text`, [userId]);
  await tx.query(`delete from auth.flow_state where user_id = $1`, [userId]);
  await tx.query(`delete from auth.users where id = $1`, [userId]);
}
