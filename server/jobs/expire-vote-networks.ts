import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * Network hashes (which votes came from the same /24 or /64) are kept 30 days at most: older votes
 * keep what their network made them weigh, and the hash is dropped (db/migrations/0091,
 * showcase_private.expire_vote_networks).
 */
export function expireVoteNetworksJob(db: Database): Job {
  return {
    name: 'expire-vote-networks',
    everyMs: 60 * 60_000,
    async run() {
      const { rows } = await db.query<{ frozen: number }>(`select showcase_private.expire_vote_networks() as frozen`);
      const frozen = rows[0]?.frozen ?? 0;
      return frozen ? `forgot the networks of ${frozen} votes` : undefined;
    },
  };
}
