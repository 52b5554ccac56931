import type { Outbox } from '../notifications/outbox.ts';
import type { Job } from './scheduler.ts';

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
