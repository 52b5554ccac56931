import { deleteOldSalts, todaysSalt } from '../analytics/store.ts';
import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * The visitor-hash salt changes at the site's day boundary (site_settings.time_zone, on the app
 * clock): today's is made if no beacon has made it yet, every earlier one is deleted, so within a
 * minute of midnight yesterday's hashes can no longer be recomputed (decision 236).
 */
export function rotateAnalyticsSaltJob(db: Database): Job {
  return {
    name: 'rotate-analytics-salt',
    everyMs: 60_000,
    async run() {
      await todaysSalt(db);
      const deleted = await deleteOldSalts(db);
      return deleted ? `deleted ${deleted} old visitor salt${deleted === 1 ? '' : 's'}` : undefined;
    },
  };
}
