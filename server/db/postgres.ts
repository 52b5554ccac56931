import pg from 'pg';
import { assertChannelName, isPgError, type AdvisoryKey, type Database, type LockAttempt, type PipelineOptions, type PipelineStatement, type Queryable, type QueryResult, type TransactionOptions } from './database.ts';
import { StatementNames } from './statement-names.ts';
import { classifyPostgresFailure } from './unavailable.ts';

// bigint counts fit comfortably in a JS number for this product; keep both drivers alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Pipelines answer in Postgres's text form, as PGlite's raw protocol does. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value };

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const r = await conn.query(sql, params as unknown[]);
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await conn.query(sql);
    },
  };
}

/** wrap(), with failures of the database turned into DatabaseUnavailableError. */
function wrapChecked(conn: pg.Pool | pg.PoolClient): Queryable {
  const inner = wrap(conn);
  return {
    query: <Row>(sql: string, params?: readonly unknown[]) => inner.query<Row>(sql, params).catch(rethrow),
    exec: (sql) => inner.exec(sql).catch(rethrow),
  };
}

/**
 * pg's connection internals used here: its record of what is prepared (a deallocated name must
 * leave it too) and its socket, corked while a pipeline is written so it leaves in one write.
 */
interface ConnectionInternals {
  connection?: {
    parsedStatements?: Record<string, string>;
    stream?: { cork?: () => void; uncork?: () => void };
  };
}

export interface PostgresOptions {
  poolSize?: number;
  /** How long a request waits for a pooled connection (or for a new one to open); 0: forever. */
  acquireTimeoutMs?: number;
  /**
   * How long the server waits for any one statement's answer before it gives the connection up;
   * 0: forever. It bounds a database that hangs, which statement_timeout (enforced by the
   * database itself) cannot.
   */
  queryTimeoutMs?: number;
  /** Told when a connection breaks (rate-limited by the caller's logger). */
  onConnectionError?: (err: Error) => void;
}

/** A failure of the database or of the way to it becomes a DatabaseUnavailableError; the rest pass as they are. */
function rethrow(err: unknown): never {
  throw classifyPostgresFailure(err) ?? err;
}

/** A connection whose error was not Postgres's own answer is not put back in the pool. */
function brokenBy(err: unknown): Error | undefined {
  return isPgError(err) && !classifyPostgresFailure(err) ? undefined : (err as Error);
}

export async function openPostgres(connectionString: string, options: PostgresOptions | number = {}): Promise<Database> {
  const { poolSize = 10, acquireTimeoutMs = 0, queryTimeoutMs = 0, onConnectionError } = typeof options === 'number' ? { poolSize: options } : options;
  // Pipeline mode lets a request's BEGIN, statements and COMMIT go out together instead of one
  // round trip each; queries that are awaited one by one behave as before.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    pipeline: true,
    connectionTimeoutMillis: acquireTimeoutMs,
    query_timeout: queryTimeoutMs || undefined,
  } as pg.PoolConfig);
  const reportBroken = (err: Error) => onConnectionError?.(err);
  // An idle client that loses its server must not crash the process…
  pool.on('error', reportBroken);
  // …and neither may one that is checked out: pg-pool listens only while a client is idle, and an
  // 'error' event without a listener ends the process. The query in flight fails on its own.
  pool.on('connect', (client) => client.on('error', reportBroken));
  await pool.query('select 1').catch(rethrow);
  const base = wrapChecked(pool);
  const statementNames = new WeakMap<pg.PoolClient, StatementNames>();

  async function pipeline(statements: readonly PipelineStatement[], { readOnly, committedFirst = [] }: PipelineOptions) {
    const client = await pool.connect().catch(rethrow);
    let names = statementNames.get(client);
    if (!names) statementNames.set(client, (names = new StatementNames('rest_')));
    let broken: Error | undefined;
    try {
      const internals = (client as ConnectionInternals).connection;
      const parsed = internals?.parsedStatements ?? {};
      // The name each statement runs under (none: parsed afresh), closing what that pushes out.
      const nameOf = (s: PipelineStatement): string | undefined => {
        if (s.prepare === false) return undefined;
        const { name, evicted } = names.use(s.sql);
        // Only what Postgres really prepared (a statement that failed to parse never was); the
        // answer does not concern this request.
        if (evicted && parsed[evicted] !== undefined) {
          client.query(`deallocate ${evicted}`).catch(() => undefined);
          delete parsed[evicted];
        }
        return name;
      };
      const socket = internals?.stream;
      socket?.cork?.();
      // Named first, so any deallocation goes out ahead of the transaction.
      const aheadNames = committedFirst.map(nameOf);
      const ownNames = statements.map(nameOf);
      const sent: Promise<unknown>[] = [];
      // Each query carries its own Sync, so outside BEGIN … COMMIT each commits on its own.
      committedFirst.forEach((s, i) => sent.push(client.query({ name: aheadNames[i], text: s.sql, values: s.params as unknown[] })));
      sent.push(client.query(readOnly ? 'BEGIN READ ONLY' : 'BEGIN'));
      let last: Promise<pg.QueryArrayResult<(string | null)[]>> | undefined;
      statements.forEach((s, i) => {
        last = client.query({ name: ownNames[i], text: s.sql, values: s.params as unknown[], rowMode: 'array', types: TEXT_TYPES });
        sent.push(last);
      });
      // After a failed statement COMMIT ends the transaction as a rollback.
      sent.push(client.query('COMMIT'));
      socket?.uncork?.();
      const settled = await Promise.allSettled(sent);
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        broken = brokenBy(failed.reason);
        rethrow(failed.reason);
      }
      return (await last!).rows[0];
    } finally {
      // A connection that failed outside Postgres's own errors is not reused.
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}) {
      const client = await pool.connect().catch(rethrow);
      let broken: Error | undefined;
      try {
        await client.query(opts.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        const result = await fn(wrapChecked(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        broken = brokenBy(err);
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        rethrow(err);
      } finally {
        client.release(broken);
      }
    },
    pipeline,
    async withAdvisoryLock<T>(key: number, fn: (conn: Queryable) => Promise<T>) {
      const client = await pool.connect().catch(rethrow);
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(wrapChecked(client));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } catch (err) {
        rethrow(err);
      } finally {
        client.release();
      }
    },
    async tryAdvisoryLock<T>(key: AdvisoryKey, fn: (conn: Queryable) => Promise<T>): Promise<LockAttempt<T>> {
      const client = await pool.connect().catch(rethrow);
      try {
        const { rows } = await client.query<{ acquired: boolean }>('select pg_try_advisory_lock($1, $2) as acquired', [...key]);
        if (!rows[0]?.acquired) return { acquired: false };
        try {
          return { acquired: true, value: await fn(wrapChecked(client)) };
        } finally {
          await client.query('select pg_advisory_unlock($1, $2)', [...key]);
        }
      } catch (err) {
        rethrow(err);
      } finally {
        client.release();
      }
    },
    listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) {
      return listenOn(connectionString, channel, onNotify, onReconnect);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = [250, 1000, 5000, 15000] as const;

/** LISTEN on a connection outside the pool (a pooled one would be handed to queries), kept open. */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  assertChannelName(channel);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${channel}`);
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    failures = 0;
  };
  const lost = (which: pg.Client) => {
    if (stopped || which !== client) return;
    client = undefined;
    which.end().catch(() => undefined);
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    const delay = LISTEN_RETRY_MS[Math.min(failures++, LISTEN_RETRY_MS.length - 1)];
    retry = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        (err: Error) => {
          if (stopped) return;
          console.error(`postgres listen ${channel}: ${err.message}`);
          scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
