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
    expect(checkProfile({ name: 'n'.repeat(51), bio: '', avatarUrl: '' }).errors.name).toBe('Display name must be 1 to 50 characters');
    expect(checkProfile({ name: 'A', bio: 'b'.repeat(1001), avatarUrl: '' }).errors.bio).toMatch(/at most 1,000/);
    expect(checkProfile({ name: 'A', bio: 'b'.repeat(1001), avatarUrl: '' }).data).toBeUndefined();
  });

  it('applies the display-name rules, but lets a name kept from before them be saved unchanged', () => {
    expect(checkProfile({ name: 'Admin', bio: '', avatarUrl: '' }).errors.name).toBe('That display name is reserved. Please choose another');
    expect(checkProfile({ name: 'Eve\u202E', bio: '', avatarUrl: '' }).errors.name).toBe('Display name cannot contain control or text-direction characters');
    expect(checkProfile({ name: 'Admin', bio: '', avatarUrl: '' }, 'Admin').errors).toEqual({});
  });
});
