import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * Adds the raw events of every closed site day to the daily stats and deletes them, in one
 * transaction (platform.analytics_roll_up, db/migrations/0281): run twice, or after downtime, it
 * adds each event once. Today's events stay raw until the day is over (project_stats reads them).
 */
export function rollUpAnalyticsJob(db: Database): Job {
  return {
    name: 'roll-up-analytics',
    everyMs: 10 * 60_000,
    async run() {
      const { rows } = await db.query<{ rolled: number }>('select platform.analytics_roll_up() as rolled');
      const rolled = rows[0]?.rolled ?? 0;
      return rolled ? `rolled up ${rolled} analytics events` : undefined;
    },
  };
}
