import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

export type LinkTokenType = 'confirmation_token' | 'recovery_token' | 'invite_token' | 'reauthentication_token' | 'email_change_token_new';
/** The `type` in a /verify link, as supabase-js and GoTrue name them. */
export type VerifyType = 'signup' | 'recovery' | 'invite' | 'email' | 'magiclink' | 'email_change';

const TTL_SECONDS: Record<LinkTokenType, number> = {
  confirmation_token: 24 * 3600,
  invite_token: 24 * 3600,
  recovery_token: 3600,
  reauthentication_token: 300,
  email_change_token_new: 24 * 3600,
};

export const TOKEN_TYPE_FOR: Record<VerifyType, LinkTokenType> = {
  signup: 'confirmation_token',
  email: 'confirmation_token',
  // A passwordless sign-in's link is auth.sign_in_codes' (verify.ts looks there first); this is never found.
  magiclink: 'confirmation_token',
  invite: 'invite_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

/**
 * Stores a hash of a fresh secret for this user and purpose, replacing any earlier one, so only
 * the newest e-mail's link works. Returns the secret for the e-mail.
 */
export async function issueLinkToken(
  tx: Queryable,
  userId: string,
  type: LinkTokenType,
  relatesTo: string,
  options: { flowStateId?: string; secret?: string } = {},
): Promise<string> {
  const secret = options.secret ?? randomToken();
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       flow_state_id = excluded.flow_state_id, created_at = now(), updated_at = now()`,
    [userId, type, sha256(secret), relatesTo, options.flowStateId ?? null],
  );
  return secret;
}

export interface ConsumedToken {
  user_id: string;
  flow_state_id: string | null;
  expired: boolean;
}

/** Finds and deletes the token (a link works once). Undefined when unknown. */
export async function consumeLinkToken(tx: Queryable, secret: string, types: readonly LinkTokenType[], userId?: string): Promise<ConsumedToken | undefined> {
  const { rows } = await tx.query<ConsumedToken & { token_type: LinkTokenType; age: number }>(
    `delete from auth.one_time_tokens
      where token_hash = $1 and token_type = any($2::text[]) and ($3::uuid is null or user_id = $3::uuid)
      returning user_id, flow_state_id, token_type, extract(epoch from now()::timestamp - created_at)::float8 as age`,
    [sha256(secret), types, userId ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { user_id: row.user_id, flow_state_id: row.flow_state_id, expired: row.age > TTL_SECONDS[row.token_type] };
}

export function verifyLink(config: Pick<Config, 'SITE_URL'>, secret: string, type: VerifyType, redirectTo: string): string {
  const params = new URLSearchParams({ token: secret, type, redirect_to: redirectTo });
  return `${config.SITE_URL}/auth/v1/verify?${params}`;
}
