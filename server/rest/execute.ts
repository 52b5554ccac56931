import type { Database, PipelineStatement, Queryable } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { writeLimitExceeded, writeLimitRefusal, type WriteCount } from './write-limits.ts';

export interface RequestInfo {
  method: string;
  path: string;
  /** JSON of the request headers, minus credentials. */
  headers: string;
}

/** Who runs a statement and how: PostgREST's role, claims and request settings. */
export interface Caller {
  auth: Pick<RequestAuth, 'role' | 'claims'>;
  req: RequestInfo;
  readOnly: boolean;
  /** For writes: the count against the caller's write limit, taken in the same round trip. */
  limit?: WriteCount;
}

/** The role, the JWT claims, PostgREST's request GUCs and read-only mode. */
const SETTINGS = `set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
        set_config('request.path', $4, true), set_config('request.headers', $5, true), set_config('transaction_read_only', $6, true)`;
const SETTINGS_SQL = `select ${SETTINGS}`;
/**
 * The same for a counted write, admitted first (db/migrations/0060). One statement rather than
 * two: Postgres checks the right to call platform.admit_write when the statement starts, while
 * the role is still the server's, and a refusal fails the statement before anything is written.
 */
const ADMITTED_SETTINGS_SQL = `select platform.admit_write($7), ${SETTINGS}`;

/** What opens the transaction: the settings, admitting a counted write on the way. */
function preamble({ auth, req, readOnly, limit }: Caller): PipelineStatement {
  const params = [auth.role, JSON.stringify(auth.claims), req.method, req.path, req.headers, readOnly ? 'on' : 'off'];
  return limit ? { sql: ADMITTED_SETTINGS_SQL, params: [...params, limit.ticket] } : { sql: SETTINGS_SQL, params };
}

/** A write over its limit answers 429 in the API's shape; anything else goes on as it is. */
function failed(err: unknown): never {
  throw writeLimitRefusal(err) ?? err;
}

/**
 * Runs fn in one transaction as the caller, PostgREST style: the preamble first, then whatever fn
 * runs; an error thrown by fn rolls everything back.
 */
export async function runAsCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    // Here the count's verdict comes back to us, so the transaction needs no admitting.
    if (caller.limit) {
      const { rows } = await db.query<{ wait: number }>(caller.limit.count.sql, caller.limit.count.params);
      if (rows[0]!.wait > 0) throw writeLimitExceeded(rows[0]!.wait);
    }
    const { auth, req, readOnly } = caller;
    return await db.transaction(async (tx) => {
      const settings = preamble({ auth, req, readOnly });
      await tx.query(settings.sql, settings.params);
      return fn(tx);
    });
  } catch (err) {
    return failed(err);
  }
}

/** The result row every /rest/v1 statement produces: body text, rows in it, total when counted. */
export interface ResultRow {
  body: string | null;
  n: number;
  total?: number;
  location?: string | null;
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
  let row: readonly (string | null)[] | undefined;
  try {
    const own = { sql: stmt.text, params: stmt.params, prepare: !stmt.planEachTime };
    row = await db.pipeline([preamble(caller), own], { readOnly: caller.readOnly, committedFirst: caller.limit ? [caller.limit.count] : [] });
  } catch (err) {
    return failed(err);
  }
  if (!row) throw new Error('the statement returned no row');
  const [body, n, extra] = row;
  return third === 'total'
    ? { body: body ?? null, n: Number(n), total: extra === undefined || extra === null ? undefined : Number(extra) }
    : { body: body ?? null, n: Number(n), location: extra ?? null };
}
