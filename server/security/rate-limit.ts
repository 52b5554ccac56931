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
 * Keys look like "comments:ip:1.2.3.4". Stale windows are purged by a job (server/jobs).
 */
export class RateLimiter {
  constructor(private readonly db: Database) {}

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { rows } = await this.db.query<{ hits: number; retry_after: number }>('select hits, retry_after from platform.hit_rate_limit($1, $2)', [
      key,
      rule.seconds,
    ]);
    const row = rows[0]!;
    return { allowed: row.hits <= rule.count, retryAfter: row.retry_after };
  }

  /**
   * Whether the key's current window is already full, without counting a hit: for limits that
   * count failures only, asked before the attempt whose failure would be counted.
   */
  async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const { rows } = await this.db.query<{ hits: number; retry_after: number }>(
      `select hits, greatest(1, ceil(extract(epoch from window_started + make_interval(secs => $2) - showcase_private.app_now())))::int as retry_after
         from platform.rate_limits where key = $1 and window_started > showcase_private.app_now() - make_interval(secs => $2)`,
      [key, rule.seconds],
    );
    const row = rows[0];
    return row ? { allowed: row.hits < rule.count, retryAfter: row.retry_after } : { allowed: true, retryAfter: 0 };
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
}
