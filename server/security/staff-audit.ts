import type { Context } from 'hono';
import type { Queryable } from '../db/database.ts';
import { clientIp } from '../http/client-ip.ts';
import { requestIdOf } from '../ops/request-id.ts';
import type { RequestOrigin } from './caller.ts';

/**
 * The staff audit log's server side (decision 263). The database records staff changes itself
 * (db/migrations/0308); the server only says where a request came from, and records the few
 * actions the database cannot see as a staff caller's: an admin's invitation and the operator's
 * two-factor resets.
 */

/** The request's origin by the server's one client-IP rule (TRUST_PROXY) and its request id. */
export function requestOrigin(c: Context, trustedProxies: readonly string[]): RequestOrigin {
  return { ip: clientIp(c, trustedProxies), requestId: requestIdOf(c) };
}

/** For the server's own transactions that act for the operator (the auth admin API): the origin, as a caller's. */
export async function setRequestOrigin(tx: Queryable, from: RequestOrigin): Promise<void> {
  await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-real-ip': from.ip, 'x-request-id': from.requestId ?? null })]);
}

export interface StaffAction {
  /** null: the operator (command line or service key). */
  actorId: string | null;
  actorRole: 'admin' | 'moderator' | 'operator';
  action: 'user.invite' | 'user.reset_mfa';
  subjectTable: string;
  subjectId: string;
  subjectLabel?: string | null;
  details?: Record<string, unknown>;
  from?: RequestOrigin;
}

/** One row of the log, in the caller's transaction (so it is written exactly when the action is). */
export async function recordStaffAction(tx: Queryable, a: StaffAction): Promise<void> {
  await tx.query('select platform.record_staff_action($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)', [
    a.actorId,
    a.actorRole,
    a.action,
    a.subjectTable,
    a.subjectId,
    a.subjectLabel ?? null,
    JSON.stringify(a.details ?? {}),
    a.from?.ip ?? null,
    a.from?.requestId ?? null,
  ]);
}
