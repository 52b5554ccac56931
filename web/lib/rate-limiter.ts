import { CLIENT_RATE_LIMIT } from '../../domain/limits.ts';

/**
 * Client-side sliding-window limiter (spec §9: 60 requests per 60 s per key). It spares the
 * server a runaway loop or an over-eager clicker; the server enforces its own limits regardless.
 */
export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

export class RateLimitExceededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RateLimitExceededError';
  }
}

export class ClientRateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Records an attempt under key; false when the key has used up its window. */
  tryAcquire(key: string): boolean {
    const now = this.now();
    const windowStart = now - this.options.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > windowStart);
    if (recent.length >= this.options.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** Milliseconds until key may be used again (0 when it may now). */
  retryAfterMs(key: string): number {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > this.now() - this.options.windowMs);
    if (recent.length < this.options.limit) return 0;
    return recent[0]! + this.options.windowMs - this.now();
  }

  reset(key?: string) {
    if (key === undefined) this.hits.clear();
    else this.hits.delete(key);
  }
}

/** The app's shared limiter with the spec's numbers (§9). */
export const clientRateLimiter = new ClientRateLimiter({ limit: CLIENT_RATE_LIMIT.requests, windowMs: CLIENT_RATE_LIMIT.windowMs });
