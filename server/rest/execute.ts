import type { Database, PipelineStatement, Queryable } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { callerPreamble, sessionFailure } from '../security/caller.ts';
import type { SessionCheck, SessionLiveness } from '../security/session-liveness.ts';
import { sessionEnded } from './errors.ts';
import { writeLimitExceeded, writeLimitRefusal, type WriteCount } from './write-limits.ts';

export interface RequestInfo {
  method: string;
  path: string;
  /** JSON of the request headers, minus credentials. */
  headers: string;
  /** statement_timeout for the caller's role (null: leave the database's own). */
  statementTimeout: string | null;
}

/** Who runs a statement and how: PostgREST's role, claims and request settings. */
export interface Caller {
  auth: Pick<RequestAuth, 'role' | 'claims'>;
  req: RequestInfo;
  readOnly: boolean;
  /** The transaction is rolled back once the answer is in (Prefer: tx=rollback; decision 230). */
  rollback?: boolean;
  /** For writes: the count against the caller's write limit (in the same round trip on Postgres). */
  limit?: WriteCount;
  /** For signed-in callers not vouched for lately: their session, checked first in the same round trip. */
  session?: { check: SessionCheck; liveness: SessionLiveness };
}

/** What opens the transaction, from the one caller executor (security/caller.ts): a write's admission (0060) first, when the database counted it. */
function preamble(caller: Caller): PipelineStatement {
  const { auth, req, readOnly, limit, session } = caller;
  return callerPreamble({ auth, req, readOnly, session, statementTimeout: req.statementTimeout }, limit?.admit);
}

/** A write this process counted over its limit goes no further. */
function refuseIfOver(limit: WriteCount | undefined): void {
  if (limit?.wait) throw writeLimitExceeded(limit.wait);
}

/** A write over its limit or an ended session answers in the API's shape; anything else goes on as it is. */
function failed(err: unknown, caller: Caller): never {
  const ended = sessionFailure(err, caller);
  if (ended) throw sessionEnded(ended.reason);
  throw writeLimitRefusal(err) ?? err;
}

/** Carries a rolled-back transaction's answer out of it: throwing is what makes it roll back. */
class RolledBack<T> {
  constructor(readonly result: T) {}
}

/** Remembers a passed session check, dated when the request started. */
function vouch(caller: Caller, startedAt: number): void {
  if (caller.session) caller.session.liveness.passed(caller.session.check, startedAt);
}

/**
 * Runs fn in one transaction as the caller, PostgREST style: the preamble first, then whatever fn
 * runs; an error thrown by fn rolls everything back.
 */
export async function runAsCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const startedAt = caller.session?.liveness.now() ?? 0;
  try {
    refuseIfOver(caller.limit);
    // Here the count's verdict comes back to us, so the transaction needs no admitting.
    const count = caller.limit?.count;
    if (count) {
      const { rows } = await db.query<{ wait: number }>(count.sql, count.params);
      if (rows[0]!.wait > 0) throw writeLimitExceeded(rows[0]!.wait);
    }
    const { auth, req, readOnly, session } = caller;
    let result: T;
    try {
      result = await db.transaction(async (tx) => {
        const settings = preamble({ auth, req, readOnly, session });
        await tx.query(settings.sql, settings.params);
        const answer = await fn(tx);
        if (caller.rollback) throw new RolledBack(answer);
        return answer;
      });
    } catch (err) {
      if (!(err instanceof RolledBack)) throw err;
      result = err.result as T;
    }
    vouch(caller, startedAt);
    return result;
  } catch (err) {
    return failed(err, caller);
  }
}

/** The result row every /rest/v1 statement produces: body text, rows in it, total when counted. */
export interface ResultRow {
  body: string | null;
  n: number;
  total?: number;
  location?: string | null;
  /** For an upsert: how many of the rows it inserted (the rest it updated). */
  inserted?: number;
}

/**
 * One statement as the caller, committed unless it fails, sent with its preamble in one
 * pipeline. For reads, and for writes that need no check before COMMIT.
 */
export async function statementAsCaller(
  db: Database,
  caller: Caller,
  stmt: { text: string; params: readonly unknown[]; planEachTime?: boolean },
  /** What the statement's third column is: table writes answer a location, the rest a total. */
  third: 'total' | 'location' = 'total',
): Promise<ResultRow> {
  if (caller.rollback) return rolledBackStatement(db, caller, stmt, third);
  let row: readonly (string | null)[] | undefined;
  const startedAt = caller.session?.liveness.now() ?? 0;
  try {
    refuseIfOver(caller.limit);
    const own = { sql: stmt.text, params: stmt.params, prepare: !stmt.planEachTime };
    const count = caller.limit?.count;
    row = await db.pipeline([preamble(caller), own], { readOnly: caller.readOnly, committedFirst: count ? [count] : [] });
  } catch (err) {
    return failed(err, caller);
  }
  vouch(caller, startedAt);
  if (!row) throw new Error('the statement returned no row');
  return resultRow(row, third);
}

/** The same statement in a transaction that is rolled back once its answer is read. */
async function rolledBackStatement(
  db: Database,
  caller: Caller,
  stmt: { text: string; params: readonly unknown[] },
  third: 'total' | 'location',
): Promise<ResultRow> {
  const row = await runAsCaller(db, caller, async (tx) => (await tx.query<Record<string, unknown>>(stmt.text, stmt.params)).rows[0]);
  if (!row) throw new Error('the statement returned no row');
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return resultRow(Object.values(row).map(text), third);
}

function resultRow(row: readonly (string | null)[], third: 'total' | 'location'): ResultRow {
  const [body, n, extra, inserted] = row;
  return third === 'total'
    ? { body: body ?? null, n: Number(n), total: extra === undefined || extra === null ? undefined : Number(extra) }
    : { body: body ?? null, n: Number(n), location: extra ?? null, inserted: inserted === undefined || inserted === null ? undefined : Number(inserted) };
}
