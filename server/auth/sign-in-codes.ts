import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { randomDigits, randomToken, sha256 } from './tokens.ts';

/**
 * The link and six-digit code of a passwordless sign-in mail (auth.sign_in_codes, migration 0272):
 * one pair per account, the newest request's; either works once, within an hour (GoTrue's
 * `mailer_otp_exp` default), and the code stops working at its fifth wrong try.
 */
export const SIGN_IN_CODE_TTL_SECONDS = 3600;
export const SIGN_IN_CODE_MAX_FAILURES = 5;

export interface IssuedSignIn {
  link: string;
  code: string;
}

/** The code's hash is salted with the account, so one table row says nothing about another's. */
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

export async function issueSignInCode(tx: Queryable, userId: string, flowStateId?: string): Promise<IssuedSignIn> {
  const link = randomToken();
  const code = randomDigits();
  await tx.query(
    `insert into auth.sign_in_codes (user_id, link_hash, code_hash, flow_state_id, failed_attempts, created_at)
     values ($1, $2, $3, $4, 0, showcase_private.app_now())
     on conflict (user_id) do update set link_hash = excluded.link_hash, code_hash = excluded.code_hash,
       flow_state_id = excluded.flow_state_id, failed_attempts = 0, created_at = excluded.created_at`,
    [userId, sha256(link), codeHash(userId, code), flowStateId ?? null],
  );
  return { link, code };
}

export interface ConsumedSignIn {
  userId: string;
  flowStateId: string | null;
  expired: boolean;
}

const FRESHNESS = `extract(epoch from showcase_private.app_now() - created_at) > ${SIGN_IN_CODE_TTL_SECONDS} as expired`;

/** The link's secret: finds and deletes the pair. Undefined when unknown. */
export async function consumeSignInLink(tx: Queryable, secret: string): Promise<ConsumedSignIn | undefined> {
  const { rows } = await tx.query<{ user_id: string; flow_state_id: string | null; expired: boolean }>(
    `delete from auth.sign_in_codes where link_hash = $1 returning user_id, flow_state_id, ${FRESHNESS}`,
    [sha256(secret)],
  );
  const row = rows[0];
  return row && { userId: row.user_id, flowStateId: row.flow_state_id, expired: row.expired };
}

/**
 * The code typed for an account: a match deletes the pair and answers it; a mismatch is counted
 * (the count is kept even though the caller answers an error, so the caller must commit), and the
 * fifth ends the pair. Undefined for a wrong, used up or unknown code alike.
 */
export async function consumeSignInCode(tx: Queryable, userId: string, code: string): Promise<ConsumedSignIn | undefined> {
  const { rows } = await tx.query<{ code_hash: string; failed_attempts: number; flow_state_id: string | null; expired: boolean }>(
    `select code_hash, failed_attempts, flow_state_id, ${FRESHNESS} from auth.sign_in_codes where user_id = $1 for update`,
    [userId],
  );
  const row = rows[0];
  if (!row || row.failed_attempts >= SIGN_IN_CODE_MAX_FAILURES) return undefined;
  const typed = Buffer.from(codeHash(userId, code));
  if (!timingSafeEqual(typed, Buffer.from(row.code_hash))) {
    await tx.query(`update auth.sign_in_codes set failed_attempts = failed_attempts + 1 where user_id = $1`, [userId]);
    return undefined;
  }
  await tx.query(`delete from auth.sign_in_codes where user_id = $1`, [userId]);
  return { userId, flowStateId: row.flow_state_id, expired: row.expired };
}
