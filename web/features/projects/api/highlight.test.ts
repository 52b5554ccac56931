import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

describe('search highlights', () => {
  it('splits on the database marks only, keeping every other character as text', () => {
    expect(highlightParts('\u0002Café\u0003 Finder')).toEqual([
      { text: 'Café', marked: true },
      { text: ' Finder', marked: false },
    ]);
    expect(highlightParts('<img src=x onerror=alert(1)> \u0002Zucchini\u0003 <b>')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'Zucchini', marked: true },
      { text: ' <b>', marked: false },
    ]);
    expect(highlightParts('plain')).toEqual([{ text: 'plain', marked: false }]);
    expect(highlightParts('')).toEqual([]);
  });
});
