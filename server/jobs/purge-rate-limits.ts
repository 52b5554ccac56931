import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/** Rate-limit windows and token buckets untouched for a day say nothing any more. */
export function purgeRateLimitsJob(db: Database): Job {
  return {
    name: 'purge-rate-limits',
    everyMs: 10 * 60_000,
    async run() {
      const windows = await db.query(
        `delete from platform.rate_limits where window_started < showcase_private.app_now() - interval '1 day'`,
      );
      const buckets = await db.query(
        `delete from platform.auth_rate_buckets where updated_at < showcase_private.app_now() - interval '1 day'`,
      );
      const purged = windows.rowCount + buckets.rowCount;
      return purged ? `purged ${purged} stale rate-limit rows` : undefined;
    },
  };
}
