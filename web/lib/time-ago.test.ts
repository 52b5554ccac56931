import { describe, expect, it } from 'vitest';
import { timeAgoInWords } from './time-ago.ts';

describe('timeAgoInWords', () => {
  const now = Date.parse('2031-03-10T12:00:00Z');
  it('words recent times relative to now and older ones as dates', () => {
    expect(timeAgoInWords('2031-03-10T11:59:40Z', now)).toBe('just now');
    expect(timeAgoInWords('2031-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgoInWords('2031-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgoInWords('2031-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgoInWords('2031-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgoInWords('2031-02-01T12:00:00Z', now)).toBe('Feb 1, 2031');
    expect(timeAgoInWords('not a date', now)).toBe('');
  });
});
