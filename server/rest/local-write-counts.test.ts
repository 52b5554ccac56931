import { describe, expect, it } from 'vitest';
import { LocalWriteCounts } from './local-write-counts.ts';

/** A clock the test moves by hand. */
function manualClock(startMs = 1_800_000_000_000) {
  const clock = { ms: startMs, nowMs: () => clock.ms };
  return clock;
}

describe('LocalWriteCounts', () => {
  it('admits max writes per window and key, refuses the next with the seconds left, and starts again when the window ends', () => {
    const clock = manualClock();
    const counts = new LocalWriteCounts(clock);
    const keys = ['rest:votes:ip:10.0.0.1', 'rest:votes:user:u1'];
    for (let i = 0; i < 3; i++) expect(counts.count(keys, 3, 60, 1)).toBe(0);
    clock.ms += 20_500;
    expect(counts.count(keys, 3, 60, 1)).toBe(40);
    // Another user on the same network shares the network's count.
    expect(counts.count(['rest:votes:ip:10.0.0.1', 'rest:votes:user:u2'], 3, 60, 1)).toBe(40);
    // Another network, another user: a count of their own.
    expect(counts.count(['rest:votes:ip:10.0.0.2', 'rest:votes:user:u3'], 3, 60, 1)).toBe(0);
    clock.ms += 40_000;
    expect(counts.count(keys, 3, 60, 1)).toBe(0);
  });

  it('counts a bulk write by its rows and refuses it whole when it would cross the limit, counting the attempt as one', () => {
    const clock = manualClock();
    const counts = new LocalWriteCounts(clock);
    const keys = ['rest:rest-writes:ip:10.0.0.1'];
    expect(counts.count(keys, 10, 60, 4)).toBe(0);
    expect(counts.count(keys, 10, 60, 7)).toBe(60);
    // 4 + 1 counted: five rows still fit, six do not.
    expect(counts.count(keys, 10, 60, 5)).toBe(0);
    expect(counts.count(keys, 10, 60, 1)).toBe(60);
  });

  it('keeps buckets apart and holds a bounded number of keys, forgetting ended windows first', () => {
    const clock = manualClock();
    const counts = new LocalWriteCounts(clock, 12_000);
    for (let i = 0; i < 5_000; i++) counts.count([`rest:views:ip:10.0.${i >> 8}.${i & 255}`], 1, 10, 1);
    clock.ms += 10_000;
    // The 5,000 ended windows are swept when new keys need the room.
    for (let i = 0; i < 5_000; i++) counts.count([`rest:votes:ip:10.1.${i >> 8}.${i & 255}`], 1, 60, 1);
    expect(counts.size).toBeLessThanOrEqual(5_000 + 4_096);
    // A flood of new keys stays under the bound.
    for (let i = 0; i < 20_000; i++) counts.count([`rest:votes:ip:2001:db8:${i}::`], 1, 60, 1);
    expect(counts.size).toBeLessThanOrEqual(12_000);
    // The newest keys are still counted.
    expect(counts.count(['rest:votes:ip:2001:db8:19999::'], 1, 60, 1)).toBe(60);
  });
});
