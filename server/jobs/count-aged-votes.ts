import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * The public vote count (`projects.upvotes`, decision 212) counts a vote once its account is a day
 * old and not anonymous. A vote cast earlier starts counting when this job sees the account qualify
 * (db/migrations/0250, showcase_private.count_aged_votes); it reads only uncounted votes.
 */
export function countAgedVotesJob(db: Database): Job {
  return {
    name: 'count-aged-votes',
    everyMs: 10 * 60_000,
    async run() {
      const { rows } = await db.query<{ counted: number }>(`select showcase_private.count_aged_votes() as counted`);
      const counted = rows[0]?.counted ?? 0;
      return counted ? `counted ${counted} votes of accounts that came of age` : undefined;
    },
  };
}
