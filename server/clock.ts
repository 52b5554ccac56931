import type { Queryable } from './db/database.ts';

/**
 * The one clock the server and the database agree on. In production it is the system clock; tests
 * move it (setClock in test/support) and the database follows, because SQL reads the same offset
 * through showcase_private.app_now() (db/migrations/0063). Nothing time-based — limits,
 * cool-downs, caches, scheduled jobs — should read Date.now() or SQL's now() directly.
 */
export class Clock {
  private offsetMs = 0;
  private readonly moved = new Set<() => void>();

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Seconds since the epoch, as JWTs count. */
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /**
   * Calls `listener` whenever this process's clock is set or advanced (tests), so whatever waits
   * for a moment on this clock (a token's expiry) can look again. Returns the unsubscribe.
   */
  onMove(listener: () => void): () => void {
    this.moved.add(listener);
    return () => this.moved.delete(listener);
  }

  /** Reads the offset the database holds (another process, or an earlier start, may have set it). */
  async load(db: Queryable): Promise<void> {
    const { rows } = await db.query<{ ms: number | null }>(
      `select (extract(epoch from offset_by) * 1000)::float8 as ms from platform.clock_offset`,
    );
    this.offsetMs = rows[0]?.ms ?? 0;
  }

  /** Moves the clock of this process and of the database to `at`. Tests only. */
  async set(db: Queryable, at: Date): Promise<void> {
    await this.setOffset(db, at.getTime() - Date.now());
  }

  /** Moves both clocks forward by `ms`. Tests only. */
  async advance(db: Queryable, ms: number): Promise<void> {
    await this.setOffset(db, this.offsetMs + ms);
  }

  private async setOffset(db: Queryable, ms: number): Promise<void> {
    await db.query(
      `insert into platform.clock_offset (singleton, offset_by) values (true, make_interval(secs => $1::float8 / 1000))
       on conflict (singleton) do update set offset_by = excluded.offset_by`,
      [ms],
    );
    this.offsetMs = ms;
    for (const listener of this.moved) listener();
  }
}
