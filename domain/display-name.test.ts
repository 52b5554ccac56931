import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MESSAGES, displayNameProblem, displayNameSchema, profileLinksSchema } from './display-name.ts';

describe('display names (decision 226)', () => {
  it('accepts ordinary names, trimmed, in any script, up to 50 characters', () => {
    for (const name of ['Ada', ' Grace Hopper ', 'Zoë', '李小龙', 'Badminton Bob', 'x'.repeat(50), 'Admiral']) expect(displayNameProblem(name), name).toBeNull();
    expect(displayNameSchema.parse('  Ada ')).toBe('Ada');
  });

  it('refuses empty, long, control, bidi and reserved names', () => {
    expect(displayNameProblem('  ')).toBe(DISPLAY_NAME_MESSAGES.length);
    expect(displayNameProblem('x'.repeat(51))).toBe(DISPLAY_NAME_MESSAGES.length);
    for (const c of ['\u0000', '\n', '\u007f', '\u0085', '\u200e', '\u202e', '\u2066', '\u061c']) expect(displayNameProblem(`a${c}b`)).toBe(DISPLAY_NAME_MESSAGES.characters);
    for (const n of ['admin', 'ADMIN', 'Adm1n', 'A d m i n', 'Administrator', 'mod3rator', 'AI Showcase', 'aishowcase', 'Ａｄｍｉｎ']) expect(displayNameProblem(n), n).toBe(DISPLAY_NAME_MESSAGES.reserved);
    expect(displayNameSchema.safeParse('Admin').error?.issues[0]?.message).toBe(DISPLAY_NAME_MESSAGES.reserved);
  });

  it('profile links: up to 3, http(s) only, blanks dropped', () => {
    expect(profileLinksSchema.parse([' https://a.dev ', '', 'http://b.dev'])).toEqual(['https://a.dev', 'http://b.dev']);
    expect(profileLinksSchema.safeParse(['javascript:alert(1)']).success).toBe(false);
    expect(profileLinksSchema.safeParse(['https://a.dev', 'https://b.dev', 'https://c.dev', 'https://d.dev']).success).toBe(false);
  });
});
