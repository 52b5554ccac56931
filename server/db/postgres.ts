import pg from 'pg';
import { isPgError, type Database, type PipelineOptions, type PipelineStatement, type Queryable, type QueryResult, type TransactionOptions } from './database.ts';
import { StatementNames } from './statement-names.ts';

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

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Pipeline mode lets a request's BEGIN, statements and COMMIT go out together instead of one
  // round trip each; queries that are awaited one by one behave as before.
  const pool = new pg.Pool({ connectionString, max: poolSize, pipeline: true });
  // An idle client that loses its server must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('select 1');
  const base = wrap(pool);
  const statementNames = new WeakMap<pg.PoolClient, StatementNames>();

  async function pipeline(statements: readonly PipelineStatement[], { readOnly, committedFirst = [] }: PipelineOptions) {
    const client = await pool.connect();
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
        if (!isPgError(failed.reason)) broken = failed.reason as Error;
        throw failed.reason;
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
      const client = await pool.connect();
      try {
        await client.query(opts.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    pipeline,
    async withAdvisoryLock<T>(key: number, fn: (conn: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(wrap(client));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
