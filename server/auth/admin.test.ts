import { describe, expect, it } from 'vitest';
import { parseBanDuration } from './admin.ts';

describe('parseBanDuration', () => {
  it('reads Go durations as GoTrue accepts them', () => {
    expect(parseBanDuration('24h')).toBe(24 * 3600e3);
    expect(parseBanDuration('1h30m')).toBe(90 * 60e3);
    expect(parseBanDuration('1.5s')).toBe(1500);
    expect(parseBanDuration('none')).toBe('none');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'forever', '10', '-1h', 'h', 5]) expect(() => parseBanDuration(bad)).toThrow();
  });
});
