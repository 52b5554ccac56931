import type { Context } from 'hono';
import type { SessionEndReason } from '../security/session-liveness.ts';
import { isPgError } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import type { Logger } from '../ops/log.ts';
import type { ApiRole } from '../security/jwt.ts';

/** An error answered in PostgREST's shape: {code, message, details, hint} with an HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Mostly a sentence; PGRST201 lists the relationships it could not choose between. */
    readonly details: string | null | ReadonlyArray<Record<string, string>> = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** Bad request syntax: PostgREST's PGRST100 parse error. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/**
 * A signed token whose session was signed out, revoked or banned (finding L6). A ban is named in
 * details ('user_banned', GoTrue's code for it), so the app can say the account is suspended.
 */
export function sessionEnded(reason?: SessionEndReason): RestError {
  const message = 'JWT session has ended';
  return new RestError(401, 'PGRST303', message, reason ?? null, 'Sign in again.', {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

/** HTTP status PostgREST uses for a Postgres SQLSTATE (its documented table). */
export function statusForSqlState(code: string, role: ApiRole): number {
  // PostgREST's custom statuses: a function raising SQLSTATE 'PT404' asks for 404.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '53400') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  // Classes that mean the server, not the request, is at fault.
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'XX', 'P0'].includes(cls)) return 500;
  // 54 (too complex) is reachable only through absurd requests; it is the client's to fix.
  return 400;
}

/**
 * The database could not serve the request: 503 with Retry-After, so clients and load balancers
 * treat it as temporary (decision 110). PostgREST's codes: PGRST003 when no pooled connection
 * came free or the database did not answer in time, PGRST000 when it cannot be reached at all.
 */
function unavailable(err: DatabaseUnavailableError): RestError {
  const retry = { 'Retry-After': String(err.retryAfterSeconds) };
  switch (err.reason) {
    case 'busy':
      return new RestError(503, 'PGRST003', 'Timed out acquiring connection from connection pool.', null, null, retry);
    case 'timeout':
      return new RestError(503, 'PGRST003', 'Timed out waiting for the database to answer.', null, null, retry);
    case 'down':
      return new RestError(503, 'PGRST000', 'Could not connect with the database.', null, 'Try again in a few seconds.', retry);
  }
}

/** statement_timeout cancelled the statement: the database is overloaded or the request too costly. */
const STATEMENT_TIMEOUT = '57014';

/** Converts whatever a handler threw into a RestError; unknown errors become a logged 500. */
export function toRestError(err: unknown, role: ApiRole, logger: Logger, requestId?: string): RestError {
  if (err instanceof RestError) return err;
  if (err instanceof DatabaseUnavailableError) {
    logger.errorThrottled(`database-${err.reason}`, `database unavailable (${err.reason}): ${err.message}`, { reqId: requestId });
    return unavailable(err);
  }
  if (isPgError(err)) {
    if (err.code === STATEMENT_TIMEOUT) {
      return new RestError(503, err.code, err.message, err.detail ?? null, err.hint ?? null, { 'Retry-After': '5' });
    }
    return new RestError(statusForSqlState(err.code, role), err.code, err.message, err.detail ?? null, err.hint ?? null);
  }
  logger.error('rest: unexpected error', { err, reqId: requestId });
  return new RestError(500, 'PGRST000', 'Internal server error');
}

/** 507 in PostgREST's shape (53100, disk_full), for the disk gate (server/ops/disk-gate.ts). */
export function restDiskFull(c: Context, message: string): Response {
  return c.json(new RestError(507, '53100', message, null, 'Check free disk space.').toJSON(), 507);
}
