import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.ts';
import { parseLogic, parseCondition, parseInList } from './filters.ts';
import { parseOrder } from './order.ts';
import { parsePrefer } from './prefer.ts';
import { parseQuery } from './query.ts';
import { parseSelect } from './select.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof RestError ? `${e.status} ${e.code}` : String(e);
  }
  return 'no error';
};

describe('select', () => {
  it('parses columns, aliases, casts, json paths, embeds with hints and count', () => {
    expect(parseSelect('*, creators(id, name, bio), project_comments(count)')).toEqual([
      { type: 'star' },
      { type: 'embed', name: 'creators', alias: undefined, hint: undefined, inner: false, select: [
        { type: 'column', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
        { type: 'column', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
        { type: 'column', field: { name: 'bio', json: [] }, alias: undefined, cast: undefined },
      ] },
      { type: 'embed', name: 'project_comments', alias: undefined, hint: undefined, inner: false, select: [
        { type: 'column', field: { name: 'count', json: [] }, alias: undefined, cast: undefined },
      ] },
    ]);
    expect(parseSelect('n:votes::text,data->a->>b,author:creators!creator_id!inner(*),count()')).toEqual([
      { type: 'column', field: { name: 'votes', json: [] }, alias: 'n', cast: 'text' },
      { type: 'column', field: { name: 'data', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: undefined, cast: undefined },
      { type: 'embed', name: 'creators', alias: 'author', hint: 'creator_id', inner: true, select: [{ type: 'star' }] },
      { type: 'count', alias: undefined },
    ]);
  });

  it('refuses unbalanced parentheses, injection in casts and names, and deep nesting', () => {
    expect(code(() => parseSelect('id,creators(name'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('id::int;drop table x'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('id::int or 1=1'))).toBe('400 PGRST100');
    expect(code(() => parseSelect("na'me"))).toBe('400 PGRST100');
    expect(code(() => parseSelect('x:"a\u0000b"'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('a(b(c(d(e(f(g(h(i(j(k)))))))))'))).toBe('400 PGRST100');
  });
});

describe('filters', () => {
  it('parses operators, negation, modifiers and quoted in lists', () => {
    expect(parseCondition({ name: 'a', json: [] }, 'not.eq(any).{1,2}')).toMatchObject({ negate: true, op: 'eq', modifier: 'any', value: '{1,2}' });
    expect(parseCondition({ name: 'a', json: [] }, 'fts(english).cat')).toMatchObject({ op: 'fts', modifier: 'english', value: 'cat' });
    expect(parseInList('(1,"a,b","q\\"x")')).toEqual(['1', 'a,b', 'q"x']);
    expect(code(() => parseCondition({ name: 'a', json: [] }, 'zz.1'))).toBe('400 PGRST100');
    expect(code(() => parseCondition({ name: 'a', json: [] }, 'eq(some).1'))).toBe('400 PGRST100');
  });

  it('parses nested logic trees and refuses unbalanced ones', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null))');
    expect(tree.children[1]).toMatchObject({ type: 'logic', op: 'and', negate: true, children: [{ op: 'gt' }, { op: 'is' }] });
    expect(code(() => parseLogic('or', false, '(a.eq.1'))).toBe('400 PGRST100');
    expect(code(() => parseLogic('or', false, 'a.eq.1'))).toBe('400 PGRST100');
  });

  it('groups query parameters by embed path', () => {
    const q = parseQuery(new URLSearchParams('select=*,c(*)&c.name=eq.x&c.order=id.desc&c.limit=2&not.or=(a.eq.1)&apikey=k'));
    expect(q.levels.get('c')).toMatchObject({ filters: [{ op: 'eq', value: 'x' }], order: [{ direction: 'desc' }], limit: 2 });
    expect(q.levels.get('')!.filters).toMatchObject([{ type: 'logic', negate: true }]);
    expect(code(() => parseQuery(new URLSearchParams('limit=-1')))).toBe('400 PGRST100');
  });
});

describe('order and prefer', () => {
  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,creators(name),b')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'name', json: [] }, relation: 'creators', direction: 'asc' },
      { field: { name: 'b', json: [] }, direction: 'asc' },
    ]);
  });

  it('reads Prefer leniently, strictly when asked', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, bogus')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
    });
    expect(code(() => parsePrefer('handling=strict, return=everything'))).toBe('400 PGRST122');
  });
});
