import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/** How often a launch day's rank is written down; also the width of a snapshot's slot. */
export const RANK_SNAPSHOT_MINUTES = 10;

/**
 * Writes today's launches' rank, points and public vote count every 10 minutes, and yesterday's
 * closing standing once (platform.take_rank_snapshots, db/migrations/0301; decision 257): the
 * stats page draws a launch day's rank from them. The slot is in the row's key, so two instances
 * or a retry write it once; a slot missed while the server was down stays missing (a rank cannot
 * be read back), but the closing standing is still written after downtime.
 */
export function takeRankSnapshotsJob(db: Database): Job {
  return {
    name: 'take-rank-snapshots',
    everyMs: RANK_SNAPSHOT_MINUTES * 60_000,
    async run() {
      const { rows } = await db.query<{ written: number }>('select platform.take_rank_snapshots($1) as written', [RANK_SNAPSHOT_MINUTES]);
      const written = rows[0]?.written ?? 0;
      return written ? `wrote ${written} launch rank snapshots` : undefined;
    },
  };
}
