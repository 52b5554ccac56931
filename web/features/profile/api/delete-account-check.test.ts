import { describe, expect, it } from 'vitest';
import { confirmsDeletion } from './delete-account-check.ts';

describe('confirmsDeletion', () => {
  it('accepts the word DELETE or the account’s own e-mail, ignoring surrounding spaces', () => {
    expect(confirmsDeletion('DELETE', 'dana@example.test')).toBe(true);
    expect(confirmsDeletion('  DELETE ', undefined)).toBe(true);
    expect(confirmsDeletion('Dana@Example.test', 'dana@example.test')).toBe(true);
  });

  it('refuses anything else, so a stray click or half-typed word cannot delete', () => {
    expect(confirmsDeletion('', 'dana@example.test')).toBe(false);
    expect(confirmsDeletion('delete', 'dana@example.test')).toBe(false);
    expect(confirmsDeletion('DELET', 'dana@example.test')).toBe(false);
    expect(confirmsDeletion('bob@example.test', 'dana@example.test')).toBe(false);
    expect(confirmsDeletion('', undefined)).toBe(false);
  });
});
