/** The one small interface the server uses for both embedded PGlite and node-postgres. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2 …). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

export interface PipelineStatement {
  sql: string;
  params: readonly unknown[];
  /** false: parse and plan it afresh for these values instead of preparing it once (default true). */
  prepare?: boolean;
}

export interface PipelineOptions {
  readOnly: boolean;
  /**
   * Statements sent ahead of the transaction in the same round trip, each committed on its own:
   * they stand whatever happens to the transaction, and their failure does not stop it.
   */
  committedFirst?: readonly PipelineStatement[];
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT, rolling back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs the statements in one transaction without waiting between them (one round trip), each
   * prepared once per connection; the first to fail rolls all back and is thrown. Resolves to
   * the first row of the last statement, each column in Postgres's text form (null for NULL).
   * For the API's hot path, where nothing needs deciding between statements.
   */
  pipeline(statements: readonly PipelineStatement[], options: PipelineOptions): Promise<readonly (string | null)[] | undefined>;
  /** Runs fn on one connection while holding a session-level advisory lock. */
  withAdvisoryLock<T>(key: number, fn: (conn: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  column?: string;
  table?: string;
}

export function isPgError(e: unknown): e is PgError & { code: string } {
  return e instanceof Error && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code!);
}
