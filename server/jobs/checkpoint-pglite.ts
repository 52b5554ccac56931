import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * PGlite has no checkpointer process: without this, its WAL grows until Postgres checkpoints by
 * itself inside a write (max_wal_size), and restarts replay all of it. A checkpoint every few
 * minutes keeps recovery short, and with PGLITE_FSYNC the data files it wrote are fsynced
 * before the WAL that could rebuild them is reused (decision 112). Postgres does its own.
 */
export function checkpointPgliteJob(db: Database): Job | undefined {
  if (!db.checkpoint) return undefined;
  const checkpoint = db.checkpoint.bind(db);
  return {
    name: 'checkpoint-pglite',
    everyMs: 5 * 60_000,
    async run() {
      await checkpoint();
    },
  };
}
