import type { Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

/**
 * Sign-ups waiting for their e-mail link (platform.pending_signups, decision 100): each keeps its
 * own password and metadata beside the hash of its own link, so a link activates the password of
 * the sign-up that produced it and no other.
 */

/** At most this many sign-ups wait on one address; later ones are answered alike and not kept. */
export const MAX_PENDING_SIGNUPS = 5;
/** As long as a confirmation link lives (email-links.ts). */
const PENDING_TTL_SECONDS = 24 * 3600;

const AGE = `extract(epoch from showcase_private.app_now() - created_at)::float8`;

/** Keeps one sign-up and returns the secret for its link, or undefined when the address has enough waiting. */
export async function addPendingSignup(
  tx: Queryable,
  userId: string,
  signup: { encryptedPassword: string; metadata: Record<string, unknown>; flowStateId?: string },
): Promise<string | undefined> {
  await tx.query(`delete from platform.pending_signups where user_id = $1 and ${AGE} > $2`, [userId, PENDING_TTL_SECONDS]);
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from platform.pending_signups where user_id = $1`, [userId]);
  // Older links stay valid: the real owner's sign-up may be the first one.
  if (rows[0]!.n >= MAX_PENDING_SIGNUPS) return undefined;
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
}

/** The password hashes waiting on an address, so sign-in can say "confirm your e-mail" to their owners only. */
export async function pendingPasswordHashes(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ encrypted_password: string }>(
    `select encrypted_password from platform.pending_signups where user_id = $1 and ${AGE} <= $2 order by created_at`,
    [userId, PENDING_TTL_SECONDS],
  );
  return rows.map((r) => r.encrypted_password);
}
