import { postgresChangesFilter } from '@supabase/realtime-js';
import { describe, expect, it } from 'vitest';
import { parseChangeParams, parseFilters } from './params.ts';

describe('postgres_changes params', () => {
  it('reads schema, table, event and filter as realtime-js sends them', () => {
    expect(parseChangeParams({ event: 'insert', schema: 'public', table: 'projects', filter: 'status=eq.approved' })).toEqual({
      ok: true,
      value: { event: 'INSERT', schema: 'public', table: 'projects', filters: [{ column: 'status', op: 'eq', value: 'approved', negate: false }], select: null },
    });
    expect(parseChangeParams({ event: '*', schema: 'public' })).toMatchObject({ ok: true, value: { event: '*', table: '*' } });
    expect(parseChangeParams({ table: 'projects' })).toMatchObject({ ok: true, value: { schema: 'public', table: 'projects' } });
    expect(parseChangeParams({ event: 'TRUNCATE', schema: 'public', table: 'projects' })).toMatchObject({ ok: true, value: { event: '*' } });
  });

  it('refuses a binding with nothing to subscribe to, and column selection on a wildcard', () => {
    expect(parseChangeParams({ event: '*' })).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: {"event":"*"}',
    });
    expect(parseChangeParams({ event: '*', schema: 'public', select: ['id'] })).toMatchObject({ ok: false, error: expect.stringContaining('wildcard') });
    expect(parseChangeParams({ event: '*', schema: 'public', table: 'p', select: 'id' })).toMatchObject({ ok: false, error: expect.stringContaining('`select`') });
  });

  it('reads every documented operator, negation, lists and AND-ed conditions', () => {
    expect(parseFilters('upvotes=gte.10,upvotes=lt.100,tool=in.(Cursor,Bolt),title=not.eq.radar,featured=neq.true')).toEqual({
      ok: true,
      value: [
        { column: 'upvotes', op: 'gte', value: '10', negate: false },
        { column: 'upvotes', op: 'lt', value: '100', negate: false },
        { column: 'tool', op: 'in', value: '{Cursor,Bolt}', negate: false },
        { column: 'title', op: 'eq', value: 'radar', negate: true },
        { column: 'featured', op: 'neq', value: 'true', negate: false },
      ],
    });
  });

  it('reads what realtime-js\'s filter builder writes, quoted values included', () => {
    const built = postgresChangesFilter().eq('title', 'a,b (c)').in('tool', ['Cursor', 'x,y']).not('status', 'eq', 'rejected').build();
    expect(parseFilters(built)).toEqual({
      ok: true,
      value: [
        { column: 'title', op: 'eq', value: 'a,b (c)', negate: false },
        { column: 'tool', op: 'in', value: '{Cursor,"x,y"}', negate: false },
        { column: 'status', op: 'eq', value: 'rejected', negate: true },
      ],
    });
  });

  it('refuses by name the PostgREST operators Supabase Realtime does not document, patterns first', () => {
    for (const op of ['like', 'ilike', 'is', 'isdistinct', 'match', 'imatch']) {
      expect(parseFilters(`title=${op}.(a*)*b`)).toEqual({ ok: false, error: `operator ${op} is not supported on column title: use one of eq, neq, lt, lte, gt, gte, in` });
      expect(parseFilters(`id=eq.1,title=not.${op}.x`)).toMatchObject({ ok: false });
    }
  });

  it('answers Supabase\'s errors for what it cannot read', () => {
    expect(parseFilters('subject=foo.hey')).toEqual({ ok: false, error: '["foo", "hey"]' });
    expect(parseFilters('undefined')).toEqual({ ok: false, error: '["undefined"]' });
    expect(parseFilters('id=in.1,2')).toEqual({ ok: false, error: '`in` filter value must be wrapped by parentheses' });
    expect(parseFilters('id=eq.1,,id=eq.2')).toEqual({ ok: false, error: 'filter must not contain empty segments (check for extra commas)' });
    expect(parseChangeParams({ schema: 'public', table: 't', filter: 'x=nope.1' })).toEqual({ ok: false, error: 'Error parsing `filter` params: ["nope", "1"]' });
  });
});
