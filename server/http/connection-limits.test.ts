import { describe, expect, it } from 'vitest';
import { maxConnectionsFor, parseOpenFileLimit } from './connection-limits.ts';

const SAMPLE = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max file size             unlimited            unlimited            bytes
Max processes             63444                63444                processes
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the open file limit', () => {
  it('is read from /proc/self/limits', () => {
    expect(parseOpenFileLimit(SAMPLE)).toEqual({ soft: 1024, hard: 524288 });
    expect(parseOpenFileLimit(SAMPLE.replace('1024                 524288', 'unlimited            unlimited'))).toEqual({
      soft: Number.POSITIVE_INFINITY,
      hard: Number.POSITIVE_INFINITY,
    });
    expect(parseOpenFileLimit('Limit Soft Hard\nMax processes 1 1 processes\n')).toBeUndefined();
  });

  it('leaves descriptors for the database and files out of the connection budget', () => {
    expect(maxConnectionsFor({ soft: 1024, hard: 524288 })).toBe(768);
    expect(maxConnectionsFor({ soft: 65536, hard: 65536 })).toBe(65280);
    expect(maxConnectionsFor({ soft: 100, hard: 100 })).toBe(64);
    expect(maxConnectionsFor(undefined)).toBeUndefined();
    expect(maxConnectionsFor({ soft: Number.POSITIVE_INFINITY, hard: Number.POSITIVE_INFINITY })).toBeUndefined();
  });
});
