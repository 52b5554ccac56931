import { DIGEST_LOCAL_HOUR, DIGEST_MAX_ITEMS } from '../../domain/notifications.ts';
import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * Daily digests at DIGEST_LOCAL_HOUR of each recipient's time zone. Every quarter of an hour, so a
 * digest leaves within fifteen minutes of its hour; the SQL picks whoever's hour has come and has
 * not had today's digest (showcase_private.assemble_digests), which also makes it catch up.
 */
export function assembleDigestsJob(db: Database): Job {
  return {
    name: 'assemble-digests',
    everyMs: 15 * 60_000,
    async run() {
      const { rows } = await db.query<{ queued: number }>('select showcase_private.assemble_digests($1, $2) as queued', [
        DIGEST_LOCAL_HOUR,
        DIGEST_MAX_ITEMS,
      ]);
      const queued = rows[0]?.queued ?? 0;
      return queued ? `queued ${queued} digests` : undefined;
    },
  };
}
