import type { Database } from '../../db/database.ts';
import { fanOut, type FanoutDeps } from './fanout.ts';
import { buildSubscriptions, SubscriptionRegistry, type Binding, type ChangeSubscriber, type SubscribeResult } from './subscriptions.ts';
import { TableCatalog } from './tables.ts';
import type { CapturedChange } from './visibility-sql.ts';

/** The NOTIFY channel platform.realtime_capture() wakes us on (db/migrations/0110). */
const NOTIFY_CHANNEL = 'realtime_changes';
const BATCH = 500;
const RETRY_MS = 1000;

export const CAPTURE_MISSING = 'Realtime cannot stream Postgres changes: change capture is not installed in this database';

export interface FeedDeps extends Omit<FanoutDeps, 'catalog' | 'registry'> {
  db: Database;
}

/**
 * Follows platform.realtime_changes from where it stood when the server started, in seq (commit)
 * order, and fans each batch out before reading the next. A NOTIFY wakes it; after a lost
 * LISTEN connection it simply reads on from its cursor, so no committed change is skipped while
 * a subscriber is connected. Every instance of the server follows the table on its own and
 * serves its own sockets (decision 140).
 */
export class ChangeFeed {
  readonly catalog: TableCatalog;
  readonly registry = new SubscriptionRegistry();
  private cursor = '0';
  private installed = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  /** Changes were left unread while nobody subscribed: the cursor is behind, and may jump. */
  private behind = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly deps: FeedDeps) {
    this.catalog = new TableCatalog(deps.db);
  }

  /** Whether this database has our change capture (not where Supabase Realtime runs). */
  get ready(): boolean {
    return this.installed && !this.stopped;
  }

  async start(): Promise<void> {
    const { db } = this.deps;
    const { rows } = await db.query<{ ours: boolean }>(
      `select to_regprocedure('platform.realtime_sync_capture()') is not null and to_regclass('realtime.subscription') is null as ours`,
    );
    this.installed = rows[0]!.ours;
    if (!this.installed) return;
    // Tables added to the publication while no event trigger could see it (a non-superuser login).
    await db.query('select platform.realtime_sync_capture()').catch((err: Error) => {
      this.deps.log(`realtime: could not put capture on the published tables: ${err.message}`);
    });
    this.cursor = await this.lastSeq();
    this.unlisten = await db.listen(NOTIFY_CHANNEL, () => this.wake(), () => this.wake());
    this.wake(); // what committed while LISTEN was being set up
  }

  /** Re-reads publication membership and table columns (after DDL at run time). */
  async reload(): Promise<void> {
    this.catalog.reload();
    if (this.installed) await this.deps.db.query('select platform.realtime_sync_capture()');
  }

  async subscribe(subscriber: ChangeSubscriber, bindings: readonly Binding[]): Promise<SubscribeResult> {
    if (!this.installed) return { ok: false, error: CAPTURE_MISSING };
    if (this.behind) {
      // Nobody wanted what was left unread; a subscriber gets what commits from its join on.
      await this.pumping;
      this.behind = false;
      this.cursor = await this.lastSeq();
    }
    const result = await buildSubscriptions(this.deps.db, this.catalog, subscriber, bindings, this.deps.statementTimeout);
    if (result.ok && subscriber.state === 'joined') {
      this.registry.set(subscriber, result.subscriptions);
      // Anything that committed while the feed was idle for want of subscribers is read now.
      this.wake();
    } else this.registry.remove(subscriber);
    return result;
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    this.registry.remove(subscriber);
  }

  /** Reads on now; while a read is under way, once more after it. */
  wake(): void {
    if (this.stopped || !this.installed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.pumping;
    await this.unlisten?.();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        // With no subscriber on this instance there is nobody to read for: every write would
        // otherwise cost a read of the change table (the API's hot path, decision 140).
        if (this.registry.size === 0) {
          this.behind = true;
          return;
        }
        this.behind = false;
        const batch = await this.read();
        if (batch.length === 0) return;
        await fanOut({ ...this.deps, catalog: this.catalog, registry: this.registry }, batch);
        this.cursor = batch[batch.length - 1]!.seq;
        if (batch.length < BATCH || this.stopped) return;
      }
    } catch (err) {
      if (this.stopped) return;
      this.deps.log(`realtime: reading changes failed, retrying: ${(err as Error).message}`);
      this.retry = setTimeout(() => this.wake(), RETRY_MS);
      this.retry.unref();
    }
  }

  private async lastSeq(): Promise<string> {
    const { rows } = await this.deps.db.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from platform.realtime_changes');
    return rows[0]!.seq;
  }

  private async read(): Promise<CapturedChange[]> {
    const { rows } = await this.deps.db.query<{
      seq: string;
      relid: string;
      schema_name: string;
      table_name: string;
      op: CapturedChange['op'];
      pk: string | null;
      old: string | null;
      committed_at: string;
    }>(
      `select c.seq::text as seq, c.relid::text as relid, c.schema_name, c.table_name, c.op, c.pk::text as pk, c.old_identity::text as old,
              to_char(c.committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as committed_at
         from platform.realtime_changes c where c.seq > $1::int8 order by c.seq limit ${BATCH}`,
      [this.cursor],
    );
    return rows.map((r) => ({
      seq: r.seq,
      relid: Number(r.relid),
      schema: r.schema_name,
      table: r.table_name,
      op: r.op,
      pk: r.pk,
      old: r.old,
      committedAt: r.committed_at,
    }));
  }
}
