import type { RateLimitRule } from '../config.ts';
import type { Database } from '../db/database.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Fixed-window counters kept in Postgres (platform.rate_limits, counted by
 * platform.hit_rate_limit), so every server process sharing one database shares the limits.
 * Keys look like "comments:ip:1.2.3.4".
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { rows } = await this.db.query<{ hits: number; retry_after: number }>('select hits, retry_after from platform.hit_rate_limit($1, $2)', [
      key,
      rule.seconds,
    ]);
    this.sweepSometimes();
    const row = rows[0]!;
    return { allowed: row.hits <= rule.count, retryAfter: row.retry_after };
  }

  /** Checks every key; all are counted, and the call is allowed only if each is within its rule. */
  async hitAll(entries: ReadonlyArray<{ key: string; rule: RateLimitRule }>): Promise<RateLimitResult> {
    let result: RateLimitResult = { allowed: true, retryAfter: 0 };
    for (const e of entries) {
      const r = await this.hit(e.key, e.rule);
      if (!r.allowed) result = { allowed: false, retryAfter: Math.max(result.retryAfter, r.retryAfter) };
    }
    return result;
  }

  /** Old windows are dropped now and then, by whichever request comes along. */
  sweepSometimes(): void {
    const now = Date.now();
    if (now - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now;
    this.db
      .query(`delete from platform.rate_limits where window_started < now() - interval '1 day'`)
      .catch(() => undefined);
  }
}
