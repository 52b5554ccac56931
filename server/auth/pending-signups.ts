import type { Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

/**
 * Sign-ups waiting for their e-mail link (platform.pending_signups, decisions 100 and 105): the
 * first sign-up of an address keeps its password and metadata beside the hash of its link. A
 * second sign-up by someone who does not know that password contests the address: every waiting
 * sign-up's password and metadata are blanked, so no link sent for the address can activate a
 * password anyone but the inbox's owner chose (decision 105).
 */

/** A contested sign-up's password: none (the not-null column keeps the row as the contest's mark). */
export const CONTESTED = '';
/** As long as a confirmation link lives (email-links.ts). */
const PENDING_TTL_SECONDS = 24 * 3600;

const AGE = `extract(epoch from showcase_private.app_now() - created_at)::float8`;

export interface WaitingSignup {
  id: string;
  encryptedPassword: string;
}

/** The address's live waiting sign-ups (expired ones are dropped first), locked for this sign-up. */
export async function waitingSignups(tx: Queryable, userId: string): Promise<WaitingSignup[]> {
  await tx.query(`delete from platform.pending_signups where user_id = $1 and ${AGE} > $2`, [userId, PENDING_TTL_SECONDS]);
  const { rows } = await tx.query<{ id: string; encrypted_password: string }>(
    `select id, encrypted_password from platform.pending_signups where user_id = $1 order by created_at for update`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, encryptedPassword: r.encrypted_password }));
}

/**
 * A second, different sign-up for a waiting address: nobody can tell which of the two is the
 * inbox's owner, so no waiting link activates a password or a name any more.
 */
export async function contestPendingSignups(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update platform.pending_signups set encrypted_password = $2, user_metadata = '{}'::jsonb where user_id = $1`, [userId, CONTESTED]);
}

/** A fresh secret for a waiting sign-up's link (the old link stops working), finishing the given PKCE flow. */
export async function renewPendingSignup(tx: Queryable, id: string, flowStateId?: string): Promise<string> {
  const secret = randomToken();
  await tx.query(`update platform.pending_signups set token_hash = $2, flow_state_id = $3 where id = $1`, [id, sha256(secret), flowStateId ?? null]);
  return secret;
}

/** Keeps the address's first sign-up and returns the secret for its link. */
export async function addPendingSignup(
  tx: Queryable,
  userId: string,
  signup: { encryptedPassword: string; metadata: Record<string, unknown>; flowStateId?: string },
): Promise<string> {
  const secret = randomToken();
  await tx.query(
    `insert into platform.pending_signups (user_id, token_hash, encrypted_password, user_metadata, flow_state_id) values ($1, $2, $3, $4, $5)`,
    [userId, sha256(secret), signup.encryptedPassword, JSON.stringify(signup.metadata), signup.flowStateId ?? null],
  );
  return secret;
}

/**
 * For POST /resend: when exactly one sign-up waits, a fresh secret for its link (the old link stops
 * working, as GoTrue's newest-link rule). With several waiting nobody can tell whose the resend
 * is, so none is chosen (undefined) and the caller sends a link that activates no password.
 */
export async function renewOnlyPendingSignup(
  tx: Queryable,
  userId: string,
  /** The PKCE flow the renewed link should finish, made only when there is one to renew. */
  flowState?: () => Promise<string>,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from platform.pending_signups where user_id = $1 and ${AGE} <= $2 for update`,
    [userId, PENDING_TTL_SECONDS],
  );
  if (rows.length !== 1) return undefined;
  const secret = randomToken();
  const flowStateId = flowState ? await flowState() : null;
  await tx.query(`update platform.pending_signups set token_hash = $2, flow_state_id = $3 where id = $1`, [rows[0]!.id, sha256(secret), flowStateId]);
  return secret;
}

export interface ConsumedSignup {
  userId: string;
  flowStateId: string | null;
  encryptedPassword: string;
  metadata: Record<string, unknown>;
  expired: boolean;
}

/** Finds and removes the sign-up a link belongs to (each link works once). */
export async function consumePendingSignup(tx: Queryable, secret: string): Promise<ConsumedSignup | undefined> {
  const { rows } = await tx.query<{ user_id: string; flow_state_id: string | null; encrypted_password: string; user_metadata: Record<string, unknown>; age: number }>(
    `delete from platform.pending_signups where token_hash = $1
     returning user_id, flow_state_id, encrypted_password, user_metadata, ${AGE} as age`,
    [sha256(secret)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: row.user_id,
    flowStateId: row.flow_state_id,
    encryptedPassword: row.encrypted_password,
    metadata: row.user_metadata,
    expired: row.age > PENDING_TTL_SECONDS,
  };
}

/** Once the address is confirmed (by any link), no other sign-up of it may ever activate. */
export async function dropPendingSignups(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`delete from platform.pending_signups where user_id = $1`, [userId]);
  // Nor any other confirmation link sent for it (a contested sign-up's, decision 105).
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`, [userId]);
}

/** The password hashes waiting on an address, so sign-in can say "confirm your e-mail" to their owners only. */
export async function pendingPasswordHashes(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ encrypted_password: string }>(
    `select encrypted_password from platform.pending_signups where user_id = $1 and ${AGE} <= $2 and encrypted_password <> $3 order by created_at`,
    [userId, PENDING_TTL_SECONDS, CONTESTED],
  );
  return rows.map((r) => r.encrypted_password);
}
