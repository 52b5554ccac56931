import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { requestOrigin, setRequestOrigin } from '../security/staff-audit.ts';
import { requireServiceRole } from './caller.ts';
import { AuthError, validationFailed } from './errors.ts';
import { mergeMetadata, parseEmail, parseMetadata, readJson } from './http.ts';
import { sendLinkMail } from './mail-links.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { resolveRedirect } from './redirects.ts';
import { revokeSessions } from './sessions.ts';
import { ensureEmailIdentity, findUserByEmail, findUserById, isUuid, loadUserJson, USER_COLUMNS, userJson, type UserRow, type IdentityRow } from './users.ts';

const MAX_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 50;

/** Go's time.ParseDuration subset GoTrue accepts for ban_duration ("24h", "1h30m", "876000h"), or "none". */
export function parseBanDuration(value: unknown): number | 'none' {
  if (value === 'none') return 'none';
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms|us|µs|ns))+$/.test(value)) {
    throw validationFailed('ban_duration must be a duration such as "24h" or "none"');
  }
  const unit: Record<string, number> = { h: 3600e3, m: 60e3, s: 1e3, ms: 1, us: 1e-3, µs: 1e-3, ns: 1e-6 };
  let ms = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)) ms += Number(m[1]) * unit[m[2]!]!;
  return ms;
}

/** Sets or lifts a ban; a ban also ends every session, so refresh tokens stop working at once. */
export async function applyBan(tx: Queryable, userId: string, duration: number | 'none'): Promise<void> {
  if (duration === 'none' || duration === 0) {
    await tx.query(`update auth.users set banned_until = null, updated_at = now() where id = $1`, [userId]);
    return;
  }
  await tx.query(`update auth.users set banned_until = now() + make_interval(secs => $2), updated_at = now() where id = $1`, [
    userId,
    duration / 1000,
  ]);
  await revokeSessions(tx, userId, undefined, 'global');
}

function parseUserId(c: Context): string {
  const id = c.req.param('id');
  if (!isUuid(id)) throw new AuthError(404, 'user_not_found', 'User not found');
  return id;
}

/** GET /admin/users?page=&per_page= with GoTrue's X-Total-Count and Link headers. */
export async function listUsers(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const page = positiveInt(c.req.query('page'), 1, 'page');
  const perPage = Math.min(positiveInt(c.req.query('per_page'), DEFAULT_PER_PAGE, 'per_page'), MAX_PER_PAGE);
  const { rows: countRows } = await ctx.db.query<{ n: number }>(`select count(*)::int as n from auth.users where deleted_at is null`);
  const total = countRows[0]!.n;
  const { rows } = await ctx.db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const { rows: identities } = await ctx.db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [rows.map((r) => r.id)],
  );
  const users = rows.map((u) => userJson(u, identities.filter((i) => i.user_id === u.id)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  c.header('X-Total-Count', String(total));
  c.header('Link', links.join(', '));
  return c.json({ users, aud: 'authenticated' });
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw validationFailed(`${name} must be a positive integer`);
  return Number(value);
}

export async function getUserById(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const user = await findUserById(ctx.db, parseUserId(c));
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return c.json(await loadUserJson(ctx.db, user));
}

/** POST /admin/users: { email, password, email_confirm, user_metadata, app_metadata, ban_duration } */
export async function createUser(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const body = await readJson(c);
  const email = parseEmail(body.email);
  const password = body.password === undefined || body.password === null ? undefined : (checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH), body.password);
  const userMeta = parseMetadata(body.user_metadata, 'user_metadata') ?? {};
  const appMeta = parseMetadata(body.app_metadata, 'app_metadata') ?? {};
  const ban = body.ban_duration === undefined ? undefined : parseBanDuration(body.ban_duration);
  const encrypted = password ? await hashPassword(password) : null;
  const user = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const id = randomUUID();
    await tx.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6)`,
      [
        id,
        email,
        encrypted,
        body.email_confirm === true ? new Date() : null,
        JSON.stringify({ ...appMeta, provider: 'email', providers: ['email'] }),
        JSON.stringify(userMeta),
      ],
    );
    await ensureEmailIdentity(tx, { id, email }, body.email_confirm === true);
    if (ban !== undefined) await applyBan(tx, id, ban);
    return (await findUserById(tx, id))!;
  });
  return c.json(await loadUserJson(ctx.db, user));
}

/** PUT /admin/users/:id: app_metadata, user_metadata, password, email_confirm, ban_duration. */
export async function updateUserById(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const id = parseUserId(c);
  const body = await readJson(c);
  const userMeta = parseMetadata(body.user_metadata, 'user_metadata');
  const appMeta = parseMetadata(body.app_metadata, 'app_metadata');
  const ban = body.ban_duration === undefined || body.ban_duration === '' ? undefined : parseBanDuration(body.ban_duration);
  if (body.email !== undefined) throw new AuthError(422, 'validation_failed', 'Email address cannot be changed');
  let encrypted: string | undefined;
  if (body.password !== undefined && body.password !== null) {
    checkPasswordStrength(body.password, ctx.config.PASSWORD_MIN_LENGTH);
    encrypted = await hashPassword(body.password);
  }
  const from = requestOrigin(c, ctx.config.TRUST_PROXY);
  const user = await ctx.db.transaction(async (tx) => {
    // A role or a ban changed here is the operator's, recorded by the database (0308) with where the request came from.
    await setRequestOrigin(tx, from);
    const current = await findUserById(tx, id, { forUpdate: true });
    if (!current) throw new AuthError(404, 'user_not_found', 'User not found');
    if (userMeta) {
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
        id,
        JSON.stringify(mergeMetadata(current.raw_user_meta_data, userMeta)),
      ]);
    }
    if (appMeta) {
      await tx.query(`update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1`, [
        id,
        JSON.stringify(mergeMetadata(current.raw_app_meta_data, appMeta)),
      ]);
    }
    if (encrypted) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, encrypted]);
    }
    if (body.email_confirm === true && !current.email_confirmed_at) {
      await tx.query(`update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1`, [id]);
      await ensureEmailIdentity(tx, current, true);
    }
    if (ban !== undefined) await applyBan(tx, id, ban);
    return (await findUserById(tx, id))!;
  });
  if (ban !== undefined) ctx.sessions.forgetLive();
  return c.json(await loadUserJson(ctx.db, user));
}

/** DELETE /admin/users/:id (should_soft_delete marks deleted_at and scrambles the e-mail, as GoTrue). */
export async function deleteUser(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const id = parseUserId(c);
  const body = await readJson(c);
  const json = await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id, { forUpdate: true });
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    const before = await loadUserJson(tx, user);
    if (body.should_soft_delete === true) {
      await revokeSessions(tx, id, undefined, 'global');
      await tx.query(`delete from auth.identities where user_id = $1`, [id]);
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, encrypted_password = null, updated_at = now() where id = $1`,
        [id],
      );
    } else {
      await tx.query(`delete from auth.users where id = $1`, [id]);
    }
    return before;
  });
  return c.json(json);
}

/** POST /invite (service role): creates the user if needed and e-mails an invitation link. */
export async function invite(ctx: ServerContext, c: Context): Promise<Response> {
  await requireServiceRole(ctx, c);
  const body = await readJson(c);
  const email = parseEmail(body.email);
  const data = parseMetadata(body.data, 'data') ?? {};
  const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'));
  return c.json(await inviteUser(ctx, email, data, redirectTo));
}

export async function inviteUser(
  ctx: ServerContext,
  email: string,
  data: Record<string, unknown>,
  redirectTo: string,
  /** Runs in the same transaction once the account exists: the staff audit log's row for a staff invitation. */
  record?: (tx: Queryable, user: UserRow) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    const user = await invitedUser(tx, email, data);
    await record?.(tx, user);
    await sendLinkMail(ctx, tx, user, 'invite', redirectTo);
    return loadUserJson(tx, (await findUserById(tx, user.id))!);
  });
}

/** The account an invitation is for: made, unconfirmed, when the address has none; refused when it is registered. */
export async function invitedUser(tx: Queryable, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const user = await findUserByEmail(tx, email);
  if (user?.email_confirmed_at) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (user) return user;
  const id = randomUUID();
  await tx.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, $3, $4)`,
    [id, email, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(data)],
  );
  await ensureEmailIdentity(tx, { id, email }, false);
  return (await findUserById(tx, id))!;
}
