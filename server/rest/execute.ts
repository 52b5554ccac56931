import type { Database, Queryable } from '../db/database.ts';
import type { RequestAuth } from '../security/request-auth.ts';

export interface RequestInfo {
  method: string;
  path: string;
  /** JSON of the request headers, minus credentials. */
  headers: string;
}

/**
 * Runs fn in one transaction as the caller, PostgREST style: the role, the JWT claims, the
 * request GUCs and (for reads) read-only mode are set by a single statement, so a read costs
 * BEGIN, that statement, the query and COMMIT.
 */
export function runAsCaller<T>(
  db: Database,
  auth: Pick<RequestAuth, 'role' | 'claims'>,
  req: RequestInfo,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
              set_config('request.path', $4, true), set_config('request.headers', $5, true), set_config('transaction_read_only', $6, true)`,
      [auth.role, JSON.stringify(auth.claims), req.method, req.path, req.headers, readOnly ? 'on' : 'off'],
    );
    return fn(tx);
  });
}
