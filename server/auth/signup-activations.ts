import type { Queryable } from '../db/database.ts';
import { verifyPassword } from './passwords.ts';
import type { ConsumedSignup } from './pending-signups.ts';
import { createCreatorFromSignup, findUserById, isBanned, type UserRow } from './users.ts';

/**
 * A sign-up's password and name wait between its link and the end of its PKCE flow
 * (platform.signup_activations, decision 255). The link proves the inbox; the end proves that the
 * one who opened the inbox chose the password: either the code exchange with the verifier only
 * the signing-up browser holds, or, in the browser the link opened (it holds the code), the
 * sign-up's password typed on the confirmation page. Without that, a password is never activated:
 * a lone squatter's sign-up, followed by the address's owner, leaves the owner's account without
 * the squatter's password (M4).
 */

/** How long the confirmation page may take; rows older than this can never be claimed. */
const HOLD_SECONDS = 3600;
/** Wrong passwords on the confirmation page before the held password is dropped for good. */
const MAX_FAILED_ATTEMPTS = 5;

interface Held {
  flow_state_id: string;
  user_id: string;
  encrypted_password: string;
  user_metadata: Record<string, unknown>;
  failed_attempts: number;
}

/** At the link: keeps the sign-up's password and name for the end of this flow. */
export async function holdSignupForExchange(tx: Queryable, flowStateId: string, signup: ConsumedSignup): Promise<void> {
  await tx.query(`delete from platform.signup_activations where created_at < now() - make_interval(secs => $1)`, [HOLD_SECONDS]);
  await tx.query(
    `insert into platform.signup_activations (flow_state_id, user_id, encrypted_password, user_metadata) values ($1, $2, $3, $4)
     on conflict (flow_state_id) do update set user_id = excluded.user_id, encrypted_password = excluded.encrypted_password,
       user_metadata = excluded.user_metadata, failed_attempts = 0, created_at = now()`,
    [flowStateId, signup.userId, signup.encryptedPassword, JSON.stringify(signup.metadata)],
  );
}

/**
 * The held password and name become the account's, unless the account got a password of its own
 * meanwhile. Its creator row follows the name.
 */
async function activate(tx: Queryable, held: Pick<Held, 'user_id' | 'encrypted_password' | 'user_metadata'>): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb, updated_at = now()
      where id = $1 and coalesce(encrypted_password, '') = ''`,
    [held.user_id, held.encrypted_password, JSON.stringify(held.user_metadata)],
  );
  await createCreatorFromSignup(tx, held.user_id);
}

/** At the code exchange (the verifier matched): the sign-up's own browser finished its flow. */
export async function activateSignupOnExchange(tx: Queryable, flowStateId: string, userId: string): Promise<void> {
  const { rows } = await tx.query<Held>(
    `delete from platform.signup_activations where flow_state_id = $1 and user_id = $2 and created_at >= now() - make_interval(secs => $3)
     returning flow_state_id, user_id, encrypted_password, user_metadata, failed_attempts`,
    [flowStateId, userId, HOLD_SECONDS],
  );
  if (rows[0]) await activate(tx, rows[0]);
}

/**
 * The confirmation page in the browser the link opened: the code (only that browser has it) and
 * the password the sign-up chose. Right: the password and name are the account's, the code is
 * spent, and the account (to sign in) is returned. Wrong, unknown or spent: 'refused', after
 * counting the try; the fifth wrong one drops the held password for good.
 */
export async function finishHeldSignup(tx: Queryable, code: string, password: string): Promise<UserRow | 'refused'> {
  const { rows } = await tx.query<Held>(
    `select a.flow_state_id, a.user_id, a.encrypted_password, a.user_metadata, a.failed_attempts
       from auth.flow_state f join platform.signup_activations a on a.flow_state_id = f.id and a.user_id = f.user_id
      where f.auth_code = $1 and a.created_at >= now() - make_interval(secs => $2)
      for update of a`,
    [code, HOLD_SECONDS],
  );
  const held = rows[0];
  if (!held) return 'refused';
  if (!(await verifyPassword(held.encrypted_password, password))) {
    if (held.failed_attempts + 1 >= MAX_FAILED_ATTEMPTS) {
      await tx.query(`delete from platform.signup_activations where flow_state_id = $1`, [held.flow_state_id]);
    } else {
      await tx.query(`update platform.signup_activations set failed_attempts = failed_attempts + 1 where flow_state_id = $1`, [held.flow_state_id]);
    }
    return 'refused';
  }
  await tx.query(`delete from platform.signup_activations where flow_state_id = $1`, [held.flow_state_id]);
  await tx.query(`delete from auth.flow_state where id = $1`, [held.flow_state_id]);
  await activate(tx, held);
  const user = await findUserById(tx, held.user_id);
  return user && !isBanned(user) ? user : 'refused';
}
