import { describe, expect, it } from 'vitest';
import { isoWeekLabel, parsePeriod, periodPath, shiftPeriod } from './launch-periods.ts';

describe('leaderboard periods in URLs', () => {
  it('parses days, ISO weeks and months, and refuses malformed ones', () => {
    expect(parsePeriod('daily', '2031-03-11')).toEqual({ kind: 'daily', start: '2031-03-11' });
    expect(parsePeriod('weekly', '2031-W11')).toEqual({ kind: 'weekly', start: '2031-03-10' });
    expect(parsePeriod('weekly', '2026-W53')).toEqual({ kind: 'weekly', start: '2026-12-28' });
    expect(parsePeriod('monthly', '2031-03')).toEqual({ kind: 'monthly', start: '2031-03-01' });
    for (const [k, v] of [['daily', '2031-02-30'], ['daily', '2031-3-1'], ['weekly', '2031-W54'], ['weekly', '2031-W00'], ['monthly', '2031-13'], ['yearly', '2031'], ['daily', 'x']]) {
      expect(parsePeriod(k, v), `${k}/${v}`).toBeNull();
    }
  });

  it('steps to the previous and next period and writes their paths', () => {
    expect(periodPath(shiftPeriod({ kind: 'daily', start: '2031-03-01' }, -1))).toBe('/leaderboard/daily/2031-02-28');
    expect(periodPath(shiftPeriod({ kind: 'weekly', start: '2026-12-28' }, 1))).toBe('/leaderboard/weekly/2027-W01');
    expect(periodPath(shiftPeriod({ kind: 'monthly', start: '2031-12-01' }, 1))).toBe('/leaderboard/monthly/2032-01');
    expect(isoWeekLabel('2027-01-03')).toBe('2026-W53');
  });
});
