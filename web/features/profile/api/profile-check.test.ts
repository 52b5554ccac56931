import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../domain/messages.ts';
import { checkProfile } from './profile-check.ts';

describe('checkProfile', () => {
  it('trims, completes a bare avatar host and turns blanks into null', () => {
    expect(checkProfile({ name: ' Ada ', bio: '  ', avatarUrl: 'img.example.com/a.png' })).toEqual({
      data: { name: 'Ada', bio: null, avatarUrl: 'https://img.example.com/a.png' },
      errors: {},
    });
  });

  it('refuses a javascript: avatar, an overlong name and an overlong bio', () => {
    expect(checkProfile({ name: 'A', bio: '', avatarUrl: 'javascript:alert(1)' }).errors.avatarUrl).toBe(MESSAGES.invalidUrl);
    expect(checkProfile({ name: 'n'.repeat(101), bio: '', avatarUrl: '' }).errors.name).toMatch(/at most 100/);
    expect(checkProfile({ name: 'A', bio: 'b'.repeat(1001), avatarUrl: '' }).errors.bio).toMatch(/at most 1,000/);
    expect(checkProfile({ name: 'A', bio: 'b'.repeat(1001), avatarUrl: '' }).data).toBeUndefined();
  });
});
