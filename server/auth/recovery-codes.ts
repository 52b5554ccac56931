import { createHash, randomInt } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import type { UserCaller } from './caller.ts';
import { AuthError } from './errors.ts';
import { sessionDeps } from './http.ts';
import { raiseSessionToAal2, type TokenResponse } from './sessions.ts';

/**
 * Recovery codes for two-factor sign-in (decision 243), which GoTrue does not have: ten
 * single-use codes, made from an aal2 session and shown once, kept as SHA-256 only. An unused one
 * raises an aal1 session to aal2 as the authenticator's code would (amr method `recovery`).
 */

export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits: a code's 10 characters carry 50 random bits. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const CODE_LENGTH = 10;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** What was typed, as stored: lower case, without the dash or spaces. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

async function verifiedFactorId(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.mfa_factors where user_id = $1 and status = 'verified' order by created_at limit 1`,
    [userId],
  );
  return rows[0]?.id;
}

/** Unused codes left to the account. */
export async function remainingRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from auth.mfa_recovery_codes where user_id = $1 and used_at is null`, [userId]);
  return rows[0]!.n;
}

/**
 * A new set of codes (the old set stops working), for an account with a verified factor, from a
 * session that proved it: a stolen password cannot mint a way past the second factor.
 */
export async function generateRecoveryCodes(ctx: ServerContext, { user, session }: UserCaller): Promise<string[]> {
  if (session.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to make recovery codes');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await ctx.db.transaction(async (tx) => {
    if (!(await verifiedFactorId(tx, user.id))) throw new AuthError(422, 'mfa_factor_not_found', 'Set up an authenticator app before making recovery codes');
    await tx.query(`delete from auth.mfa_recovery_codes where user_id = $1`, [user.id]);
    await tx.query(`insert into auth.mfa_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])`, [user.id, codes.map(hashOf)]);
  });
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/**
 * Spends one unused code in place of the authenticator's code: the caller's session becomes
 * aal2. Wrong codes count per account (RATE_LIMIT_MFA_FAILURES), then even a right one waits.
 */
export async function useRecoveryCode(ctx: ServerContext, { user, session }: UserCaller, typed: unknown): Promise<TokenResponse> {
  const failures = `auth:mfa-recovery-failures:${user.id}`;
  const { allowed, retryAfter } = await ctx.rateLimiter.peek(failures, ctx.config.RATE_LIMIT_MFA_FAILURES);
  if (!allowed) {
    throw new AuthError(429, 'over_request_rate_limit', 'Too many wrong recovery codes. Please try again later.', {}, { 'Retry-After': String(retryAfter) });
  }
  const code = typeof typed === 'string' && typed.length <= 40 ? normaliseRecoveryCode(typed) : '';
  const outcome = await ctx.db.transaction(async (tx) => {
    const factorId = await verifiedFactorId(tx, user.id);
    if (!factorId) return { error: new AuthError(422, 'mfa_factor_not_found', 'This account has no second factor to recover') };
    const { rows } = code.length === CODE_LENGTH
      ? await tx.query(
          `update auth.mfa_recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning id`,
          [user.id, hashOf(code)],
        )
      : { rows: [] };
    if (!rows[0]) return { error: new AuthError(422, 'mfa_verification_failed', 'Invalid or already used recovery code'), wrong: true };
    return { tokens: await raiseSessionToAal2(tx, sessionDeps(ctx), user, session.id, factorId, 'recovery') };
  });
  if (outcome.error) {
    if (outcome.wrong) await ctx.rateLimiter.hit(failures, ctx.config.RATE_LIMIT_MFA_FAILURES);
    throw outcome.error;
  }
  return outcome.tokens;
}
