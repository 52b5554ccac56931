import { isPgError } from '../db/database.ts';
import type { ApiRole } from '../security/jwt.ts';

/** An error answered in PostgREST's shape: {code, message, details, hint} with an HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
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

/** HTTP status PostgREST uses for a Postgres SQLSTATE (its documented table). */
export function statusForSqlState(code: string, role: ApiRole): number {
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

/** Converts whatever a handler threw into a RestError; unknown errors become a logged 500. */
export function toRestError(err: unknown, role: ApiRole): RestError {
  if (err instanceof RestError) return err;
  if (isPgError(err)) {
    return new RestError(statusForSqlState(err.code, role), err.code, err.message, err.detail ?? null, err.hint ?? null);
  }
  console.error('rest: unexpected error:', err);
  return new RestError(500, 'PGRST000', 'Internal server error');
}
