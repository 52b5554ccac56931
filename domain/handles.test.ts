import { describe, expect, it } from 'vitest';
import { checkHandle, HANDLE_MESSAGES, isReservedHandle, mentionedHandles, splitMentions } from './handles.ts';

describe('handles', () => {
  it('are checked as the database checks them', () => {
    expect(checkHandle('  @Ada_Lovelace ')).toEqual({ ok: true, handle: 'ada_lovelace' });
    expect(checkHandle('')).toEqual({ ok: false, message: HANDLE_MESSAGES.required });
    for (const bad of ['ab', 'a'.repeat(31), '9lives', '_x_y', 'dash-ed', 'zoë', 'with space']) {
      expect(checkHandle(bad)).toEqual({ ok: false, message: HANDLE_MESSAGES.invalid });
    }
    for (const reserved of ['admin', 'Admin2', 'moderator', 'support', 'staff_1', 'projects', 'settings', 'aishowcase', 'ai_showcase']) {
      expect(isReservedHandle(reserved)).toBe(true);
      expect(checkHandle(reserved)).toEqual({ ok: false, message: HANDLE_MESSAGES.reserved });
    }
    expect(isReservedHandle('adminton')).toBe(false);
  });
});

describe('mentions', () => {
  it('are @handles, not e-mail addresses nor parts of longer words', () => {
    expect(mentionedHandles('Hi @Ada and @bob_1, mail me@example.test, @ab, @ada again, @' + 'x'.repeat(31))).toEqual(['ada', 'bob_1']);
  });

  it('split a text into plain parts and mentions, losing nothing', () => {
    const text = '<b>@ada</b> says hi to @bob!';
    const parts = splitMentions(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.handle).map((p) => p.handle)).toEqual(['ada', 'bob']);
  });
});
