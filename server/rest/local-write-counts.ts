import type { Clock } from '../clock.ts';

interface Window {
  endsMs: number;
  hits: number;
}

/** Past this many keys, windows that have ended are swept before another is added. */
const SWEEP_FLOOR = 4096;
/** At most this many keys are held by default (a few hundred bytes each); past it the oldest windows are forgotten. */
const MAX_KEYS = 500_000;

/**
 * Write counts kept in this process, for PGlite: one process holds the database by construction,
 * so the count in memory is the count, and a write needs no committed statement of its own to be
 * counted (issue 31). The rule is platform.count_write's (db/migrations/0071): fixed windows on
 * the app clock; a bulk write of N rows counts N and is refused whole when it would cross the
 * limit (it then counts one, as an attempt). A restart forgets the counts, and so may a flood of
 * new keys past maxKeys (the oldest go): limits are for bursts, and a forgotten count only errs
 * towards admitting.
 */
export class LocalWriteCounts {
  /** In the order the windows started: the oldest first. */
  private readonly windows = new Map<string, Window>();
  private sweepAt = SWEEP_FLOOR;

  constructor(
    private readonly clock: Pick<Clock, 'nowMs'>,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Counts a write of `rows` rows against each key; the seconds to wait when it is over the limit (0: admitted). */
  count(keys: readonly string[], max: number, windowSeconds: number, rows: number): number {
    const now = this.clock.nowMs();
    const live = (key: string) => {
      const w = this.windows.get(key);
      return w && w.endsMs > now ? w : undefined;
    };
    const needed = Math.max(rows, 1);
    const fits = needed === 1 || keys.every((key) => (live(key)?.hits ?? 0) + needed <= max);
    let wait = 0;
    for (const key of keys) {
      let w = live(key);
      if (!w) {
        this.windows.delete(key);
        if (this.windows.size >= this.sweepAt) this.sweep(now);
        w = { endsMs: now + windowSeconds * 1000, hits: 0 };
        this.windows.set(key, w);
      }
      w.hits += fits ? needed : 1;
      if (!fits || w.hits > max) wait = Math.max(wait, Math.max(1, Math.ceil((w.endsMs - now) / 1000)));
    }
    return wait;
  }

  /** How many keys are held (for tests of the bound). */
  get size(): number {
    return this.windows.size;
  }

  /** Forgets the windows that have ended and, near maxKeys, the oldest of the rest down to 80% (so sweeps stay rare). */
  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsMs <= now) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys * 0.9) {
      for (const key of this.windows.keys()) {
        if (this.windows.size < this.maxKeys * 0.8) break;
        this.windows.delete(key);
      }
    }
    this.sweepAt = Math.min(this.maxKeys, Math.max(Math.min(SWEEP_FLOOR, this.maxKeys), this.windows.size * 2));
  }
}
