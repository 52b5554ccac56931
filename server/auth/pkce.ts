import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's window between issuing an auth code and exchanging it. */
const AUTH_CODE_TTL_SECONDS = 300;

/** Both or neither: code_challenge and code_challenge_method (supabase-js sends null for implicit). */
export function parseChallenge(challenge: unknown, method: unknown): PkceChallenge | undefined {
  const hasChallenge = challenge !== undefined && challenge !== null && challenge !== '';
  const hasMethod = method !== undefined && method !== null && method !== '';
  if (!hasChallenge && !hasMethod) return undefined;
  if (!hasChallenge || !hasMethod) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (typeof challenge !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (m !== 's256' && m !== 'plain') throw validationFailed('code challenge method not supported');
  return { challenge, method: m };
}

export async function createFlowState(
  tx: Queryable,
  pkce: PkceChallenge,
  opts: { userId?: string; provider: string; authenticationMethod: string },
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, opts.userId ?? null, pkce.method, pkce.challenge, opts.provider, opts.authenticationMethod],
  );
  return id;
}

/** Binds the flow to the user who finished it and returns the code for `?code=`. */
export async function issueAuthCode(tx: Queryable, flowStateId: string, userId: string): Promise<string | undefined> {
  const code = randomUUID();
  const { rowCount } = await tx.query(
    `update auth.flow_state set user_id = $2, auth_code = $3, auth_code_issued_at = now(), updated_at = now() where id = $1`,
    [flowStateId, userId, code],
  );
  return rowCount ? code : undefined;
}

export interface ExchangedFlow {
  flowStateId: string;
  userId: string;
  authenticationMethod: string;
  provider: string;
}

/** grant_type=pkce: checks the verifier against the stored challenge; each code works once. */
export async function exchangeAuthCode(tx: Queryable, authCode: unknown, verifier: unknown): Promise<ExchangedFlow> {
  if (typeof authCode !== 'string' || authCode === '' || typeof verifier !== 'string' || verifier === '') {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    provider_type: string;
    authentication_method: string;
    expired: boolean;
  }>(
    `delete from auth.flow_state where auth_code = $1
     returning id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method,
               auth_code_issued_at < now() - make_interval(secs => $2) as expired`,
    [authCode, AUTH_CODE_TTL_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const computed =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (computed !== flow.code_challenge) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  return { flowStateId: flow.id, userId: flow.user_id, authenticationMethod: flow.authentication_method, provider: flow.provider_type };
}
