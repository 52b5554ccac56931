import { parseError, RestError } from '../errors.ts';
import type { Condition, Field, Filter } from '../parse/ast.ts';
import { parseInList } from '../parse/filters.ts';
import { isLiteralPattern } from '../pattern-admission.ts';
import type { Relation } from '../schema-cache.ts';
import { ident, type Sql } from './sql.ts';

export function unknownColumn(rel: Relation, name: string): RestError {
  return new RestError(400, '42703', `column ${rel.name}.${name} does not exist`);
}

/** alias."col"->'key'->>'key', with keys bound; the column must exist. */
export function fieldSql(sql: Sql, rel: Relation, alias: string, field: Field): string {
  if (!rel.columns.has(field.name)) throw unknownColumn(rel, field.name);
  let expr = `${alias}.${ident(field.name)}`;
  for (const step of field.json) {
    const key = /^-?\d{1,9}$/.test(step.key) ? `${sql.bind(Number(step.key))}::int` : `${sql.bind(step.key)}::text`;
    expr = `${expr}${step.arrow}${key}`;
  }
  return expr;
}

const COMPARISON: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', isdistinct: 'is distinct from',
};
const PATTERN_OPS = new Set(['like', 'ilike', 'match', 'imatch']);
const FTS_FN: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };
const MAX_IN_LIST = 1000;

/** Embeds selected at this level, so `creators=is.null` / `creators=not.is.null` can filter on them. */
export type EmbedExists = (key: string) => string | undefined;

function conditionSql(sql: Sql, rel: Relation, alias: string, c: Condition, embedExists: EmbedExists): string {
  if (!rel.columns.has(c.field.name) && c.field.json.length === 0 && c.op === 'is') {
    const exists = embedExists(c.field.name);
    if (exists) {
      const v = c.value.toLowerCase();
      if (v !== 'null' && v !== 'not_null') throw parseError(`"failed to parse filter (is.${c.value})"`, 'an embedded resource can only be compared with is.null or not.is.null');
      const isNull = v === 'null' ? !c.negate : c.negate;
      return isNull ? `not ${exists}` : exists;
    }
  }
  const expr = fieldSql(sql, rel, alias, c.field);
  let body: string;
  if (c.op === 'is') {
    const v = IS_VALUES[c.value.toLowerCase()];
    if (!v) throw parseError(`"failed to parse filter (is.${c.value})" (line 1, column 4)`, 'expecting null, not_null, true, false or unknown');
    body = `${expr} is ${v}`;
  } else if (c.op === 'in') {
    const list = parseInList(c.value);
    if (list.length > MAX_IN_LIST) throw parseError(`"failed to parse filter (in.${c.value.slice(0, 40)}…)"`, `in lists are limited to ${MAX_IN_LIST} values`);
    body = list.length ? `${expr} in (${list.map((v) => sql.bind(v)).join(', ')})` : 'false';
  } else if (FTS_FN[c.op]) {
    sql.planEachTime = true;
    const fn = FTS_FN[c.op]!;
    const query = c.modifier ? `${fn}(${sql.bind(c.modifier)}::regconfig, ${sql.bind(c.value)})` : `${fn}(${sql.bind(c.value)})`;
    body = `${expr} @@ ${query}`;
  } else {
    const op = COMPARISON[c.op]!;
    if (PATTERN_OPS.has(c.op)) sql.planEachTime = true;
    // A list (any/all) is not looked into: anything but one plain pattern counts as a regex.
    if ((c.op === 'match' || c.op === 'imatch') && (c.modifier !== undefined || !isLiteralPattern(c.value))) sql.openPattern = true;
    const value = c.op === 'like' || c.op === 'ilike' ? c.value.replace(/\*/g, '%') : c.value;
    if (c.modifier === 'any' || c.modifier === 'all') {
      const list = value.startsWith('{') && value.endsWith('}') ? value : `{${value}}`;
      body = `${expr} ${op} ${c.modifier}(${sql.bind(list)})`;
    } else {
      body = `${expr} ${op} ${sql.bind(value)}`;
    }
  }
  return c.negate ? `not (${body})` : body;
}

export function filterSql(sql: Sql, rel: Relation, alias: string, f: Filter, embedExists: EmbedExists = () => undefined): string {
  if (f.type === 'cond') return conditionSql(sql, rel, alias, f, embedExists);
  const parts = f.children.map((child) => `(${filterSql(sql, rel, alias, child, embedExists)})`);
  const joined = parts.length ? parts.join(f.op === 'and' ? ' and ' : ' or ') : f.op === 'and' ? 'true' : 'false';
  // Always parenthesised: callers join top-level filters with ' and ', and `a and b or c` would
  // let an or=() group escape the other filters (status=eq.x&or=(...) matched any status).
  return f.negate ? `not (${joined})` : `(${joined})`;
}
