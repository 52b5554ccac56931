import type { Database, Queryable } from '../db/database.ts';
import type { ApiRole, JwtClaims } from './jwt.ts';
import { isSessionEnded, REQUIRE_LIVE_SESSION, SessionEndedError, sessionEndReason, type SessionCheck, type SessionLiveness } from './session-liveness.ts';

/**
 * The one way to run SQL as an API caller (decision 102): REST, storage, realtime, functions and
 * the server-drawn pages all switch to the caller's role with its JWT claims, under its role's
 * statement_timeout, in the transaction's first statement, so RLS decides what each path sees and
 * no path runs a caller's work unbounded on Postgres. REST adds its request settings and write
 * admission to the same statement (server/rest/execute.ts).
 */

/** statement_timeout per API role, as Supabase sets it; config.ts reads them. */
export interface StatementTimeouts {
  STATEMENT_TIMEOUT_ANON: string;
  STATEMENT_TIMEOUT_AUTHENTICATED: string;
}

/** The caller's role's statement_timeout; null (service_role): the database's own. */
export function statementTimeoutFor(timeouts: StatementTimeouts, role: ApiRole): string | null {
  if (role === 'anon') return timeouts.STATEMENT_TIMEOUT_ANON;
  if (role === 'authenticated') return timeouts.STATEMENT_TIMEOUT_AUTHENTICATED;
  return null;
}

/** PostgREST's request settings, for callers that are HTTP requests to the data API. */
export interface CallerRequest {
  method: string;
  path: string;
  /** JSON of the request headers, minus credentials. */
  headers: string;
}

/**
 * Where a request that is not a data-API request came from (a server function's): the client IP
 * under TRUST_PROXY rules and the request id, set as request.headers' x-real-ip and x-request-id,
 * as REST sets them, so the staff audit log (0308) records them whichever path a staff action took.
 */
export interface RequestOrigin {
  ip: string;
  requestId?: string;
}

export interface CallerIdentity {
  role: ApiRole;
  claims: JwtClaims;
}

/** Who runs the statements and under what bounds. */
export interface CallerSettings {
  auth: CallerIdentity;
  /** statement_timeout for the caller's role (statementTimeoutFor); null: leave the database's own. */
  statementTimeout: string | null;
  readOnly?: boolean;
  /** PostgREST's request.* settings; storage, realtime and pages have none. */
  req?: CallerRequest;
  /** A signed-in session not vouched for lately: checked first, in the same statement. */
  session?: { check: SessionCheck; liveness: SessionLiveness };
  /** Where the request came from, when it is not a data-API request (req carries its own). */
  from?: RequestOrigin;
}

/** One statement of the settings; fixed texts, so each is prepared once. */
const ROLE_AND_TIMEOUT = `set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('statement_timeout', coalesce($3, current_setting('statement_timeout')), true)`;
const REQUEST = `set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true), set_config('transaction_read_only', $7, true)`;
const ORIGIN = `set_config('request.headers', $4, true)`;

/**
 * The statement that opens a caller's transaction, with `first` (SQL taking $n parameters after
 * the settings' own, e.g. a write's admission) and the session check ahead of the settings:
 * Postgres checks the right to call the platform functions while the role is still the
 * server's, and a refusal fails the statement before anything is written.
 */
export function callerPreamble(caller: CallerSettings, first?: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const { auth, req, readOnly, session, statementTimeout, from } = caller;
  const params: unknown[] = [auth.role, JSON.stringify(auth.claims), statementTimeout];
  if (req) params.push(req.method, req.path, req.headers, readOnly ? 'on' : 'off');
  else if (from) params.push(originHeaders(from));
  const checks: string[] = [];
  const add = (sql: string, values: unknown[]) => {
    // The SQL's $1.. become the next placeholders.
    const base = params.length;
    checks.push(sql.replace(/\$(\d+)/g, (_, n: string) => `$${base + Number(n)}`));
    params.push(...values);
  };
  if (first) add(first.sql, first.params);
  if (session) add(`${REQUIRE_LIVE_SESSION}($1, $2)`, [session.check.sessionId, session.check.userId]);
  const settings = req ? `${ROLE_AND_TIMEOUT}, ${REQUEST}` : from ? `${ROLE_AND_TIMEOUT}, ${ORIGIN}` : ROLE_AND_TIMEOUT;
  return { sql: `select ${[...checks, settings].join(', ')}`, params };
}

function originHeaders(from: RequestOrigin): string {
  return JSON.stringify(from.requestId ? { 'x-real-ip': from.ip, 'x-request-id': from.requestId } : { 'x-real-ip': from.ip });
}

/** A failed session check ends the session for this process too; anything else goes on as it is. */
export function sessionFailure(err: unknown, caller: Pick<CallerSettings, 'auth' | 'session'>): SessionEndedError | undefined {
  if (!caller.session || !isSessionEnded(err)) return undefined;
  const reason = sessionEndReason(err);
  caller.session.liveness.failed(caller.session.check, caller.auth.claims.exp, reason);
  return new SessionEndedError(reason);
}

/**
 * Runs fn in one transaction as the caller: the preamble first, then whatever fn runs; an error
 * thrown by fn rolls everything back. An ended session throws SessionEndedError; a statement over
 * the timeout throws Postgres's 57014, which each protocol answers as a 503.
 */
export async function runAsCaller<T>(db: Database, caller: CallerSettings, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const startedAt = caller.session?.liveness.now() ?? 0;
  try {
    const result = await db.transaction(
      async (tx) => {
        const preamble = callerPreamble(caller);
        await tx.query(preamble.sql, preamble.params);
        return fn(tx);
      },
      { readOnly: caller.readOnly ?? false },
    );
    if (caller.session) caller.session.liveness.passed(caller.session.check, startedAt);
    return result;
  } catch (err) {
    throw sessionFailure(err, caller) ?? err;
  }
}

/**
 * A visitor's reads that are not API requests (the server-drawn pages' meta, feeds, the sitemap,
 * badges): run as `anon`, read-only, under anon's statement_timeout, like a REST read of theirs.
 */
export type AnonReads = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

const ANON: CallerIdentity = { role: 'anon', claims: { role: 'anon' } };

export function anonReads(db: Database, timeouts: StatementTimeouts): AnonReads {
  const caller: CallerSettings = { auth: ANON, statementTimeout: statementTimeoutFor(timeouts, 'anon'), readOnly: true };
  return (fn) => runAsCaller(db, caller, fn);
}
