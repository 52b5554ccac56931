import { describe, expect, it } from 'vitest';
import { creatorNameFor } from './creator-name.ts';

describe('creatorNameFor', () => {
  it('prefers the profile name, then the e-mail local part, then Unknown (spec §7)', () => {
    expect(creatorNameFor({ email: 'ada@example.com', user_metadata: { name: '  Ada L ' } })).toBe('Ada L');
    expect(creatorNameFor({ email: 'ada@example.com', user_metadata: { name: '   ' } })).toBe('ada');
    expect(creatorNameFor({ email: 'ada@example.com', user_metadata: {} })).toBe('ada');
    expect(creatorNameFor({ email: undefined, user_metadata: {} })).toBe('Unknown');
  });

  it('never offers a name the display-name rules refuse (decision 226)', () => {
    expect(creatorNameFor({ email: 'x@y.z', user_metadata: { name: 'n'.repeat(150) } })).toBe('x');
    expect(creatorNameFor({ email: 'admin@y.z', user_metadata: { name: 'Moderator' } })).toBe('Unknown');
  });
});
