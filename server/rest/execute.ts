import type { Database, Queryable } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';
import { pipelined, pipelineTarget } from './pglite-pipeline.ts';

export interface RequestInfo {
  method: string;
  path: string;
  /** JSON of the request headers, minus credentials. */
  headers: string;
}

/** The role, the JWT claims, PostgREST's request GUCs and read-only mode, in one statement. */
const SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
        set_config('request.path', $4, true), set_config('request.headers', $5, true), set_config('transaction_read_only', $6, true)`;

function settingsParams(auth: Pick<RequestAuth, 'role' | 'claims'>, req: RequestInfo, readOnly: boolean): unknown[] {
  return [auth.role, JSON.stringify(auth.claims), req.method, req.path, req.headers, readOnly ? 'on' : 'off'];
}

/**
 * Runs fn in one transaction as the caller, PostgREST style: the settings statement first, then
 * whatever fn runs; an error thrown by fn rolls everything back.
 */
export function runAsCaller<T>(
  db: Database,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  req: RequestInfo,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(SETTINGS_SQL, settingsParams(auth, req, readOnly));
    return fn(tx);
  });
}

/** The result row every /rest/v1 statement produces: body text, rows in it, total when counted. */
export interface ResultRow {
  body: string | null;
  n: number;
  total?: number;
  location?: string | null;
}

/**
 * One statement as the caller, committed unless it fails: on PGlite a single pipelined call,
 * elsewhere one transaction. For reads, and for writes that need no check before COMMIT.
 */
export async function statementAsCaller(
  db: Database,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  req: RequestInfo,
  readOnly: boolean,
  sql: string,
  params: readonly unknown[],
  /** What the statement's third column is: table writes answer a location, the rest a total. */
  third: 'total' | 'location' = 'total',
): Promise<ResultRow> {
  const pglite = pipelineTarget(db);
  if (pglite) {
    const fields = await pipelined(pglite, readOnly, { sql: SETTINGS_SQL, params: settingsParams(auth, req, readOnly) }, sql, params);
    const [body, n, extra] = fields;
    return third === 'total'
      ? { body: body ?? null, n: Number(n), total: extra === undefined || extra === null ? undefined : Number(extra) }
      : { body: body ?? null, n: Number(n), location: extra ?? null };
  }
  const row = await runAsCaller(db, auth, req, readOnly, async (tx) => (await tx.query<Record<string, unknown>>(sql, params)).rows[0]!);
  return {
    body: (row.body as string | null) ?? null,
    n: Number(row.n),
    total: row.total === undefined || row.total === null ? undefined : Number(row.total),
    location: (row.location as string | null | undefined) ?? null,
  };
}
