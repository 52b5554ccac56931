import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import type { Database, Queryable, QueryResult, TransactionOptions } from './database.ts';
import { pglitePipeline } from './pglite-pipeline.ts';

const extensions = { pg_trgm };

function wrap(conn: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const r = await conn.query<Row>(sql, params as unknown[]);
      // PGlite reports affectedRows 0 for SELECT; pg counts the rows returned. Match pg.
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** A directory to persist into; omit for an in-memory database. */
  dataDir?: string;
  /** A data directory dump (from dumpDataDir) to start from: tests clone a migrated template this way. */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions });
  await pglite.waitReady;
  const base = wrap(pglite);
  const pipeline = pglitePipeline(pglite);
  return {
    kind: 'pglite',
    pglite,
    ...base,
    transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}) {
      // PGlite has a single connection; its transaction() holds the connection's mutex,
      // so other queries wait instead of interleaving with ours.
      return pglite.transaction(async (tx) => {
        if (opts.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
        return fn(wrap(tx));
      });
    },
    pipeline,
    async withAdvisoryLock<T>(_key: number, fn: (conn: Queryable) => Promise<T>) {
      // One process owns the data directory, so there is nobody to race with.
      return fn(base);
    },
    async close() {
      await pglite.close();
    },
  };
}
