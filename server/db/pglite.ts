import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertChannelName, type AdvisoryKey, type Database, type LockAttempt, type Queryable, type QueryResult, type TransactionOptions } from './database.ts';
import { syncDirectory, WalFlusher } from './pglite-durability.ts';
import { pglitePipeline } from './pglite-pipeline.ts';
import { assertPgliteCanOpen } from './pglite-version.ts';

// pg_trgm: trigram indexes (search's typo path, imatch); unaccent: search's text configuration (0275).
const extensions = { pg_trgm, unaccent };

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
  /**
   * With a dataDir: answer a write only once its commit is on stable storage (fdatasync of the
   * WAL from Node, shared by concurrent writers), so a power cut loses no acknowledged write.
   */
  durable?: boolean;
}

/**
 * Plain statements that need no flush: reads and transaction control. (A select calling a function
 * that writes, such as a rate-limit count, is not flushed; its transaction's own commit is, when
 * it goes through transaction() or pipeline().)
 */
const READS = /^\s*(select|show|values|explain|begin|rollback|set)\b/i;

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite; checkpoint(): Promise<void>; walFlushes(): number }> {
  if (options.dataDir) {
    assertPgliteCanOpen(options.dataDir);
    mkdirSync(options.dataDir, { recursive: true });
  }
  const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions });
  await pglite.waitReady;
  const flusher = options.dataDir && options.durable ? new WalFlusher(join(options.dataDir, 'pg_wal')) : undefined;
  const durable = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    await flusher?.flush();
    return result;
  };
  const plain = wrap(pglite);
  const base: Queryable = flusher
    ? {
        async query<Row>(sql: string, params?: readonly unknown[]) {
          const result = await plain.query<Row>(sql, params);
          if (!READS.test(sql)) await flusher.flush();
          return result;
        },
        exec: (sql: string) => durable(plain.exec(sql)),
      }
    : plain;
  const rawPipeline = pglitePipeline(pglite);
  const pipeline: Database['pipeline'] = flusher
    ? (statements, opts) => (opts.readOnly ? rawPipeline(statements, opts) : durable(rawPipeline(statements, opts)))
    : rawPipeline;
  // One process owns the data directory, so locks only need to exclude this process's own callers.
  const heldLocks = new Set<string>();
  return {
    kind: 'pglite',
    pglite,
    ...base,
    transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}) {
      // PGlite has a single connection; its transaction() holds the connection's mutex,
      // so other queries wait instead of interleaving with ours.
      const work = pglite.transaction(async (tx) => {
        if (opts.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
        return fn(wrap(tx));
      });
      return opts.readOnly ? work : durable(work);
    },
    pipeline,
    async withAdvisoryLock<T>(_key: number, fn: (conn: Queryable) => Promise<T>) {
      // One process owns the data directory, so there is nobody to race with.
      return fn(base);
    },
    async tryAdvisoryLock<T>(key: AdvisoryKey, fn: (conn: Queryable) => Promise<T>): Promise<LockAttempt<T>> {
      const name = key.join(':');
      if (heldLocks.has(name)) return { acquired: false };
      heldLocks.add(name);
      try {
        return { acquired: true, value: await fn(base) };
      } finally {
        heldLocks.delete(name);
      }
    },
    async listen(channel: string, onNotify: (payload: string) => void) {
      assertChannelName(channel);
      // One in-process connection: nothing can be lost between NOTIFY and us.
      return pglite.listen(channel, onNotify);
    },
    /** fdatasync rounds so far (0 unless durable): group commit shows as fewer rounds than writes. */
    walFlushes: () => flusher?.flushes ?? 0,
    /** CHECKPOINT, then (when durable) fsync every file, so the WAL before it is no longer needed. */
    async checkpoint() {
      await pglite.exec('CHECKPOINT');
      if (flusher && options.dataDir) await syncDirectory(options.dataDir);
    },
    async close() {
      await pglite.close();
      await flusher?.close();
      // The shutdown checkpoint wrote the data files; make them durable too.
      if (flusher && options.dataDir) await syncDirectory(options.dataDir);
    },
  };
}
