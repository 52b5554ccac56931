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

/** Postgres's two-integer advisory lock key: a namespace and an id within it. */
export type AdvisoryKey = readonly [namespace: number, id: number];

export type LockAttempt<T> = { acquired: true; value: T } | { acquired: false };

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
  /**
   * Runs fn while holding the advisory lock named by the key pair, or answers at once that another
   * session holds it. The lock is the session's, so it goes with a process that dies.
   */
  tryAdvisoryLock<T>(key: AdvisoryKey, fn: (conn: Queryable) => Promise<T>): Promise<LockAttempt<T>>;
  /**
   * Calls onNotify with the payload of every NOTIFY on `channel` (a fixed identifier, never user
   * input) until the returned function is called. On Postgres this holds a connection of its own;
   * when that connection is lost it is opened again and onReconnect runs, since notifications sent
   * in between are gone: listeners re-read whatever they follow.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite: CHECKPOINT, and (when durable) fsync of the data files; run by a job (server/jobs). */
  checkpoint?(): Promise<void>;
  /** Connections of a pool (Postgres), for metrics; PGlite has one connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number };
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

/** LISTEN takes an identifier, not a parameter: channel names are plain lower-case words. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
}
