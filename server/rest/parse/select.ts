import { parseError } from '../errors.ts';
import type { SelectItem } from './ast.ts';
import { parseField } from './field.ts';
import { checkName, splitTopLevel, unquote } from './scan.ts';

const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;
/**
 * Postgres's pseudo-types: no value has them, and casting a column to one fails inside the
 * executor (XX000, "failed to find conversion function") rather than as a bad request.
 */
const PSEUDO_TYPES = new Set([
  'unknown', 'any', 'anyelement', 'anyarray', 'anynonarray', 'anyenum', 'anyrange', 'anymultirange', 'anycompatible',
  'anycompatiblearray', 'anycompatiblenonarray', 'anycompatiblerange', 'anycompatiblemultirange', 'record', 'cstring',
  'internal', 'void', 'trigger', 'event_trigger', 'language_handler', 'fdw_handler', 'index_am_handler', 'tsm_handler',
  'table_am_handler', 'opaque', 'pg_ddl_command',
]);
const MAX_DEPTH = 8;
/** amount.sum(), amount.sum()::text: an aggregate of one column, with an optional cast of its result. */
const AGGREGATE = /^(.+)\.(sum|avg|min|max|count)\(\s*\)(?:::([A-Za-z_][A-Za-z0-9_]*(?:\[\])?))?$/s;

/** Parses PostgREST's select= grammar: columns, aliases, casts, json paths, embeds, count(). */
export function parseSelect(input: string): SelectItem[] {
  return parseItems(input, input, 0);
}

function parseItems(s: string, input: string, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw parseError(`"failed to parse select parameter (${input})"`, 'embedding is nested too deeply');
  if (s.trim() === '') return [{ type: 'star' }];
  return splitTopLevel(s, ',', 'select parameter').map((raw) => parseItem(raw.trim(), input, depth));
}

function parseItem(raw: string, input: string, depth: number): SelectItem {
  if (raw === '') throw parseError(`"failed to parse select parameter (${input})"`, 'unexpected empty item');
  if (raw === '*') return { type: 'star' };
  let alias: string | undefined;
  let rest = raw;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:("!]+):(?!:)(.*)$/s.exec(raw);
  if (aliasMatch) {
    alias = checkName(aliasMatch[1]!, 'select parameter', input);
    rest = aliasMatch[2]!.trim();
  }
  const aggregate = AGGREGATE.exec(rest);
  if (aggregate) {
    const cast = aggregate[3];
    if (cast !== undefined && PSEUDO_TYPES.has(cast.replace(/\[\]$/, '').toLowerCase())) {
      throw parseError(`"failed to parse select parameter (${input})"`, `cannot cast to the pseudo-type "${cast}"`);
    }
    const fn = aggregate[2] as 'sum' | 'avg' | 'min' | 'max' | 'count';
    return { type: 'aggregate', fn, field: parseField(aggregate[1]!.trim(), 'select parameter', input), alias, cast };
  }
  const paren = rest.indexOf('(');
  if (paren >= 0) {
    if (!rest.endsWith(')')) throw parseError(`"failed to parse select parameter (${input})"`, `unexpected "${rest.slice(rest.lastIndexOf(')') + 1)}"`);
    let head = rest.slice(0, paren).trim();
    const inner = rest.slice(paren + 1, -1);
    if (head === 'count' && inner.trim() === '') return { type: 'count', alias };
    const spread = head.startsWith('...');
    if (spread) {
      if (alias) throw parseError(`"failed to parse select parameter (${input})"`, 'a spread embed (...) takes no alias: its columns do');
      head = head.slice(3).trim();
    }
    const [nameRaw, ...hints] = head.split('!');
    const name = checkName(nameRaw!, 'select parameter', input);
    let inner_ = false;
    let hint: string | undefined;
    for (const h of hints) {
      const v = unquote(h.trim());
      if (v === 'inner') inner_ = true;
      else if (v === 'left') inner_ = false;
      else if (!hint) hint = checkName(h, 'select parameter', input);
      else throw parseError(`"failed to parse select parameter (${input})"`, `unexpected "!${h}"`);
    }
    // An empty embed, creators!inner(), selects nothing of the embedded rows: it only filters.
    const select = inner.trim() === '' ? [] : parseItems(inner, input, depth + 1);
    return spread ? { type: 'embed', name, hint, inner: inner_, select, spread } : { type: 'embed', name, alias, hint, inner: inner_, select };
  }
  const castAt = rest.indexOf('::');
  let cast: string | undefined;
  if (castAt >= 0) {
    cast = rest.slice(castAt + 2).trim();
    rest = rest.slice(0, castAt);
    if (!CAST.test(cast)) throw parseError(`"failed to parse select parameter (${input})"`, `unexpected cast "${cast}"`);
    if (PSEUDO_TYPES.has(cast.replace(/\[\]$/, '').toLowerCase())) {
      throw parseError(`"failed to parse select parameter (${input})"`, `cannot cast to the pseudo-type "${cast}"`);
    }
  }
  return { type: 'column', field: parseField(rest.trim(), 'select parameter', input), alias, cast };
}
