import { describe, expect, it } from 'vitest';
import { ident, rowCount } from './sql.ts';

describe('SQL fragments', () => {
  it('writes row counts as plain integers and refuses anything else', () => {
    expect(rowCount(24)).toBe('24');
    expect(rowCount(0)).toBe('0');
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => rowCount(bad)).toThrow('not a row count');
    }
  });

  it('quotes identifiers, doubling embedded quotes', () => {
    expect(ident('created_at')).toBe('"created_at"');
    expect(ident('a"b')).toBe('"a""b"');
  });
});
