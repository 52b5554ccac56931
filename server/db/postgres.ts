import pg from 'pg';
import type { Database, Queryable, QueryResult, TransactionOptions } from './database.ts';

// bigint counts fit comfortably in a JS number for this product; keep both drivers alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

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

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its server must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('select 1');
  const base = wrap(pool);
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
