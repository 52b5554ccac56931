import { describe, expect, it } from 'vitest';
import { formatCount, formatShortDate, initials, pluralize } from './format.ts';
import { formatLaunchDay } from './format-launch-day.ts';
import { isValidEmail } from './validation.ts';

describe('formatShortDate', () => {
  it('uses the en-US short month, day, year format', () => {
    expect(formatShortDate('2026-11-21T10:00:00Z')).toBe('Nov 21, 2026');
    expect(formatShortDate(new Date('2024-03-05T00:00:00Z'))).toBe('Mar 5, 2024');
  });
  it('shows nothing for a date it cannot read', () => {
    expect(formatShortDate('not a date')).toBe('');
  });
});

describe('formatCount', () => {
  it('keeps small counts exact and shortens large ones', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.2K');
  });
});

describe('initials and pluralize', () => {
  it('makes avatar letters from names and e-mail addresses', () => {
    expect(initials('Maya Chen')).toBe('MC');
    expect(initials('bob.smith@example.com')).toBe('BS');
    expect(initials('')).toBe('?');
    expect(initials('<script>')).toBe('<');
  });
  it('pluralizes', () => {
    expect(pluralize(1, 'project')).toBe('1 project');
    expect(pluralize(3, 'project')).toBe('3 projects');
  });
});

describe('isValidEmail', () => {
  it('accepts the spec shape: non-space text, an @, a dot', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@b.co', 'a@.', 'plain']) expect(isValidEmail(bad), bad).toBe(false);
    expect(isValidEmail(`${'a'.repeat(320)}@b.co`)).toBe(false);
  });
});

describe('formatLaunchDay', () => {
  it('shows a launch day as the form does, from a day or a timestamp', () => {
    expect(formatLaunchDay('2026-11-30')).toBe('Mon, Nov 30');
    expect(formatLaunchDay('2026-11-30T00:00:00Z')).toBe('Mon, Nov 30');
    expect(formatLaunchDay('not a day')).toBe('');
  });
});
