import { isUuid as isUuidText } from '../../domain/ids.ts';
import type { Queryable } from '../db/database.ts';

/** The auth.users columns the server reads. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_sent_at, reauthentication_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, banned_until, deleted_at, is_anonymous`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
    [normaliseEmail(email)],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${opts.forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export function isBanned(user: Pick<UserRow, 'banned_until'>, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > now.getTime();
}

/** A claim or parameter that is a UUID (of any type until checked). */
export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && isUuidText(s);
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** GoTrue's JSON for an identity. */
export function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

/** GoTrue's JSON for a user (fields that are unset are omitted, as GoTrue's omitempty does). */
/** A two-factor factor as GoTrue lists it in the user (decision 231); never its secret. */
export interface FactorJson {
  id: string;
  friendly_name: string;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  created_at: string;
  updated_at: string;
}

export function userJson(u: UserRow, identities: IdentityRow[], factors: FactorJson[] = []) {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    banned_until: iso(u.banned_until),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
    // GoTrue leaves the key out when there are none (omitempty); supabase-js reads it for listFactors.
    ...(factors.length > 0 ? { factors } : {}),
  };
}

export type UserJson = ReturnType<typeof userJson>;

export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  // One after the other: db may be a transaction, whose queries take turns.
  const identities = await identitiesOf(db, user.id);
  return userJson(user, identities, await factorsOf(db, user.id));
}

export async function factorsOf(db: Queryable, userId: string): Promise<FactorJson[]> {
  const { rows } = await db.query<FactorJson>(
    `select id, coalesce(friendly_name, '') as friendly_name, factor_type, status,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** The e-mail identity GoTrue keeps for password users (provider_id = user id). */
export async function ensureEmailIdentity(db: Queryable, user: Pick<UserRow, 'id' | 'email'>, verified: boolean): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3, 'email', now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [
      user.id,
      user.id,
      JSON.stringify({ sub: user.id, email: user.email, email_verified: verified, phone_verified: false }),
    ],
  );
}

/** The name chosen at sign-up makes the creator profile (decision 226; the database checks the name). */
export async function createCreatorFromSignup(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select showcase_private.creator_from_signup($1)', [userId]);
}
