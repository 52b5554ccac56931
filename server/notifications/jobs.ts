import { DIGEST_LOCAL_HOUR, DIGEST_MAX_ITEMS } from '../../domain/notifications.ts';
import type { Database } from '../db/database.ts';
import type { Job } from '../jobs/scheduler.ts';
import type { Outbox } from './outbox.ts';

/**
 * The safety net under the outbox's kicks: sends what is due (retries after backoff, messages
 * whose kick was missed or whose worker died mid-send) and drops old sent and failed rows.
 */
export function drainOutboxJob(outbox: Outbox): Job {
  return {
    name: 'drain-email-outbox',
    everyMs: 30_000,
    async run() {
      const { sent, retrying, failed } = await outbox.drain();
      const purged = await outbox.purge();
      const parts = [sent && `sent ${sent}`, retrying && `${retrying} to retry`, failed && `${failed} failed`, purged && `purged ${purged}`];
      return parts.filter(Boolean).join(', ') || undefined;
    },
  };
}

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
