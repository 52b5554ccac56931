import { PURGE_CLUSTER_MESSAGES } from '../realtime/cluster.ts';
import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * Captured changes are read within moments of their commit by every running instance; an hour
 * on, nobody will read them again (an instance that starts reads from the end).
 */
export function purgeRealtimeChangesJob(db: Database): Job {
  return {
    name: 'purge-realtime-changes',
    everyMs: 10 * 60_000,
    async run() {
      const { rowCount } = await db.query(
        `delete from platform.realtime_changes where committed_at < showcase_private.app_now() - interval '1 hour'`,
      );
      if (db.kind === 'postgres') await db.query(PURGE_CLUSTER_MESSAGES);
      return rowCount ? `purged ${rowCount} delivered realtime changes` : undefined;
    },
  };
}
