import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/** Daily project stats (and launch rank snapshots) older than ANALYTICS_RETENTION_DAYS (in site days) are deleted. */
export function purgeAnalyticsJob(db: Database, config: Pick<Config, 'ANALYTICS_RETENTION_DAYS'>): Job {
  return {
    name: 'purge-analytics',
    everyMs: 60 * 60_000,
    async run() {
      const cutoff = `showcase_private.site_today() - $1::integer`;
      const stats = await db.query(`delete from public.project_daily_stats where day < ${cutoff}`, [config.ANALYTICS_RETENTION_DAYS]);
      const referrers = await db.query(`delete from public.project_daily_referrers where day < ${cutoff}`, [config.ANALYTICS_RETENTION_DAYS]);
      // A launch day's rank snapshots (decision 257) go with its day's stats.
      const ranks = await db.query(`delete from public.project_rank_snapshots where day < ${cutoff}`, [config.ANALYTICS_RETENTION_DAYS]);
      const purged = stats.rowCount + referrers.rowCount + ranks.rowCount;
      return purged ? `purged ${purged} project stats rows past ANALYTICS_RETENTION_DAYS` : undefined;
    },
  };
}
