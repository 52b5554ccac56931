import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersToParams, literalRegex, MAX_SEARCH_LENGTH, pageCount, parseFilters, updateFilters } from './filters.ts';

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe('project list filters in the URL', () => {
  it('reads every filter and writes it back to the same query string', () => {
    const qs = 'q=recipe+app&tool=Cursor&category=E-commerce&featured=true&sort=trending&page=3';
    const filters = parse(qs);
    expect(filters).toEqual({ q: 'recipe app', tools: ['Cursor'], tags: [], category: 'E-commerce', featured: true, sort: 'trending', period: 'all', page: 3 });
    expect(filtersToParams(filters).toString()).toBe(qs);
  });

  it("keeps Top's period, and only with Top", () => {
    expect(parse('sort=top&period=week')).toMatchObject({ sort: 'top', period: 'week' });
    expect(filtersToParams(parse('sort=top&period=week')).toString()).toBe('sort=top&period=week');
    expect(parse('sort=trending&period=week').period).toBe('all');
    expect(parse('sort=top&period=decade').period).toBe('all');
    expect(filtersToParams(parse('sort=top&period=all')).toString()).toBe('sort=top');
  });

  it('leaves defaults out, so the plain list is just /projects', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(parse('')).toEqual(DEFAULT_FILTERS);
  });

  it('falls back to defaults for unknown or hostile values', () => {
    expect(parse('tool=cursor&category=Games&sort=random&featured=yes&page=-4&period=today')).toEqual(DEFAULT_FILTERS);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(10_000);
    expect(parse("tool=Lovable' or 1=1--").tools).toEqual([]);
  });

  it('trims and caps the search text', () => {
    expect(parse(`q=${'x'.repeat(10_000)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(parse('q=%20%20hello%20%20%20world%20').q).toBe('hello world');
    expect(parse('q=%20%20%20').q).toBe('');
  });

  it('orders a search by relevance unless asked otherwise, and only a search (decision 233)', () => {
    expect(parse('q=recipe').sort).toBe('relevance');
    expect(filtersToParams(parse('q=recipe')).toString()).toBe('q=recipe');
    expect(parse('q=recipe&sort=newest').sort).toBe('newest');
    expect(filtersToParams(parse('q=recipe&sort=newest')).toString()).toBe('q=recipe&sort=newest');
    expect(parse('sort=relevance')).toEqual(DEFAULT_FILTERS);
    // Typing a search moves the default order to relevance; clearing it moves back.
    expect(updateFilters(DEFAULT_FILTERS, { q: 'recipe' }).sort).toBe('relevance');
    expect(updateFilters(parse('q=recipe'), { q: '' }).sort).toBe('newest');
    // A sort someone chose stays.
    expect(updateFilters(parse('sort=top'), { q: 'recipe' }).sort).toBe('top');
    expect(updateFilters(parse('q=recipe&sort=trending'), { q: '' }).sort).toBe('trending');
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const onPage3 = parse('tool=Bolt&page=3');
    expect(updateFilters(onPage3, { sort: 'top' }).page).toBe(1);
    expect(updateFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
  });
});

describe('literalRegex', () => {
  it('matches regex and SQL metacharacters literally', () => {
    for (const term of ['.*', 'a+b', '(x)', '[abc]', '^start$', 'a|b', '\\d', '{2}', "'; drop table projects; --", '%_*?']) {
      const re = new RegExp(literalRegex(term), 'i');
      expect(re.test(`before ${term} after`), term).toBe(true);
      expect(re.test('something else entirely'), term).toBe(false);
    }
  });

  it('leaves ordinary words alone', () => {
    expect(literalRegex('Recipe Radar')).toBe('Recipe Radar');
  });
});

describe('several tools and tags (issue 17)', () => {
  it('keeps repeated tool and tag parameters, known tools and well-formed slugs only, in one canonical order', () => {
    const filters = parseFilters(new URLSearchParams('tag=react&tool=Bolt&tag=game&tool=Cursor&tool=Copilot&tag=Bad%20Tag&tag=react'));
    expect(filters.tools).toEqual(['Cursor', 'Bolt']);
    expect(filters.tags).toEqual(['game', 'react']);
    expect(filtersToParams(filters).toString()).toBe('tool=Cursor&tool=Bolt&tag=game&tag=react');
  });
});
