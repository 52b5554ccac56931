import type { RateLimitRule } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { OutboxRow } from './emails.ts';

export interface OutboxOptions {
  /** Messages one claim takes. */
  batchSize: number;
  /** How long a claimed message is this worker's; past it, another may claim it again. */
  leaseSeconds: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** At most this many messages per recipient address in the window; the rest wait. */
  perRecipient: RateLimitRule;
}

export const DEFAULT_OUTBOX_OPTIONS: Omit<OutboxOptions, 'perRecipient'> = {
  batchSize: 20,
  // Far above the SMTP timeouts, so a live worker always finishes (or fails) inside its lease.
  leaseSeconds: 300,
  // 1 + 2 + 4 + … + 60 minutes: the last attempt comes about four hours after the first.
  maxAttempts: 9,
};

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;

/** The wait before attempt n + 1 after attempt n failed: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export interface DrainSummary {
  sent: number;
  retrying: number;
  failed: number;
}

/** Words a claimed row as an e-mail (emails.ts, with the site's current name). */
export type RenderMail = (rows: OutboxRow[]) => Promise<(row: OutboxRow) => MailMessage>;

/**
 * The sending side of the e-mail outbox (db/migrations/0121). drain() claims due messages in
 * batches (FOR UPDATE SKIP LOCKED, with a lease, and the per-recipient cap) and sends them one by
 * one through the Mailer; a failure schedules a retry with backoff, the last one marks the message
 * failed. Delivery is at least once: a process that dies after the SMTP server accepted a message
 * and before recording it leaves the lease to run out, and the message goes again.
 *
 * Nothing a request does waits for this: enqueueing is a row in the request's transaction, and
 * the NOTIFY that comes with it calls kick(), which starts a drain in the background.
 */
export class Outbox {
  private running: Promise<DrainSummary> | undefined;
  private next: Promise<DrainSummary> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly render: RenderMail,
    private readonly options: OutboxOptions,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts a drain without waiting for it; failures are logged (the drain job retries). */
  kick(): void {
    if (this.stopped) return;
    this.drain().catch((err: unknown) => this.log(`outbox: ${err instanceof Error ? err.message : String(err)}`));
  }

  /**
   * Sends everything due now. A call while a drain runs gets one more pass after it (that drain
   * may have claimed before this call's message was committed); calls meanwhile share that pass.
   */
  drain(): Promise<DrainSummary> {
    if (!this.running) {
      const run = this.sendDue().finally(() => {
        if (this.running === run) this.running = undefined;
      });
      this.running = run;
      return run;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.drain();
      });
    return this.next;
  }

  /** Stops taking new work and waits for the drain in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([this.running, this.next]);
  }

  /** Claims the next batch (exported for tests that stop a worker between claim and send). */
  async claim(): Promise<OutboxRow[]> {
    const { leaseSeconds, batchSize, perRecipient } = this.options;
    const { rows } = await this.db.query<OutboxRow>(
      `select id, to_address, user_id, stream, template, payload, attempts
         from showcase_private.claim_email_batch($1, $2, $3, $4)`,
      [batchSize, leaseSeconds, perRecipient.count, perRecipient.seconds],
    );
    return rows;
  }

  /** Sent and failed messages older than this are deleted by the drain job. */
  async purge(retentionDays = 30): Promise<number> {
    const { rowCount } = await this.db.query(
      `delete from platform.email_outbox
        where status in ('sent', 'failed') and created_at < showcase_private.app_now() - make_interval(days => $1)`,
      [retentionDays],
    );
    return rowCount;
  }

  private async sendDue(): Promise<DrainSummary> {
    const summary: DrainSummary = { sent: 0, retrying: 0, failed: 0 };
    while (!this.stopped) {
      const batch = await this.claim();
      if (!batch.length) break;
      const mailFor = await this.render(batch);
      for (const row of batch) {
        try {
          await this.mailer.send(mailFor(row));
          await this.db.query(
            `update platform.email_outbox
                set status = 'sent', sent_at = showcase_private.app_now(), locked_until = null, last_error = null
              where id = $1 and status = 'sending'`,
            [row.id],
          );
          summary.sent++;
        } catch (err) {
          const finalAttempt = row.attempts >= this.options.maxAttempts;
          await this.recordFailure(row, err, finalAttempt);
          summary[finalAttempt ? 'failed' : 'retrying']++;
        }
      }
    }
    return summary;
  }

  private async recordFailure(row: OutboxRow, err: unknown, final: boolean): Promise<void> {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    this.log(`outbox: message ${row.id} to ${row.to_address} failed (attempt ${row.attempts}${final ? ', giving up' : ''}): ${error}`);
    await this.db.query(
      `update platform.email_outbox
          set status = $2, locked_until = null, last_error = $3,
              next_attempt_at = showcase_private.app_now() + make_interval(secs => $4::float8 / 1000)
        where id = $1 and status = 'sending'`,
      [row.id, final ? 'failed' : 'queued', error, retryDelayMs(row.attempts)],
    );
  }
}
