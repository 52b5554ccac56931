import { describe, expect, it } from 'vitest';
import { groupSuggestions, normalizeText, searchHref, suggestionHref, toSuggestions } from './suggestions.ts';

describe('header search suggestions', () => {
  it('keeps only rows of a known kind with text', () => {
    expect(
      toSuggestions([
        { kind: 'project', label: 'Recipe Radar', value: 'a1' },
        { kind: 'spaceship', label: 'x', value: 'y' },
        { kind: 'tag', label: '', value: 'empty' },
        { kind: 'maker', label: 'Ada', value: 7 },
        null,
      ]),
    ).toEqual([{ kind: 'project', label: 'Recipe Radar', value: 'a1' }]);
    expect(toSuggestions({ not: 'a list' })).toEqual([]);
  });

  it('groups projects, makers, tags, tools in that order, each in the order given', () => {
    const groups = groupSuggestions([
      { kind: 'tool', label: 'Cursor', value: 'Cursor' },
      { kind: 'maker', label: 'Ada', value: 'm1' },
      { kind: 'project', label: 'B', value: 'p2' },
      { kind: 'project', label: 'A', value: 'p1' },
    ]);
    expect(groups.map((g) => [g.kind, g.items.map((i) => i.label)])).toEqual([
      ['project', ['B', 'A']],
      ['maker', ['Ada']],
      ['tool', ['Cursor']],
    ]);
  });

  it('opens the page of each kind, its value encoded', () => {
    expect(suggestionHref({ kind: 'project', label: 'x', value: 'abc' })).toBe('/projects/abc');
    expect(suggestionHref({ kind: 'maker', label: 'x', value: 'm/1' })).toBe('/creators/m%2F1');
    expect(suggestionHref({ kind: 'tag', label: 'x', value: 'dev-tools' })).toBe('/tags/dev-tools');
    expect(suggestionHref({ kind: 'tool', label: 'x', value: 'Cursor' })).toBe('/projects?tool=Cursor');
  });

  it('searches the list for free text, trimmed and cut to 100 characters', () => {
    expect(searchHref('  recipe   "radar" & co ')).toBe('/projects?q=recipe+%22radar%22+%26+co');
    expect(searchHref('   ')).toBe('/projects');
    expect(normalizeText('x'.repeat(300))).toHaveLength(100);
  });
});
