import { parseError } from '../errors.ts';
import type { Condition, Field, Filter, Logic } from './ast.ts';
import { parseField } from './field.ts';
import { splitTopLevel, unquote } from './scan.ts';

export const OPERATORS = new Set([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const MAX_LOGIC_DEPTH = 10;

/** "[not.]op[(modifier)].value" for one field. */
export function parseCondition(field: Field, raw: string): Condition {
  const m = /^(not\.)?([a-z]+)(?:\(([^)]*)\))?\.(.*)$/s.exec(raw);
  if (!m) throw parseError(`"failed to parse filter (${raw})" (line 1, column 1)`, 'unexpected end of input expecting operator (eq, gt, ...)');
  const [, not, op, modifier, value] = m as unknown as [string, string | undefined, string, string | undefined, string];
  if (!OPERATORS.has(op)) throw parseError(`"failed to parse filter (${raw})" (line 1, column 1)`, `unknown operator "${op}"`);
  if (modifier !== undefined) {
    const ok = FTS.has(op) ? /^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier) : QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all');
    if (!ok) throw parseError(`"failed to parse filter (${raw})" (line 1, column 1)`, `unexpected modifier "(${modifier})" for "${op}"`);
  }
  return { type: 'cond', field, negate: Boolean(not), op, modifier, value };
}

/** "(a.eq.1,or(b.gt.2,c.is.null))" for or=/and= parameters. */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string, depth = 0): Logic {
  if (depth > MAX_LOGIC_DEPTH) throw parseError(`"failed to parse logic tree (${raw})"`, 'logic tree is nested too deeply');
  const trimmed = raw.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expecting "("');
  }
  const inner = trimmed.slice(1, -1);
  const parts = splitTopLevel(inner, ',', 'logic tree');
  // The outer parentheses must enclose everything: "(a)(b)" splits into an unbalanced inner part.
  const children = parts.map((p): Filter => {
    const item = p.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!, depth + 1);
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, `unexpected "${item}" expecting field.operator.value`);
    const field = parseField(item.slice(0, dot), 'logic tree', raw);
    const cond = parseCondition(field, item.slice(dot + 1));
    return { ...cond, value: unquoteValue(cond) };
  });
  return { type: 'logic', op, negate, children };
}

/** Inside logic trees values may be double-quoted to protect commas and parentheses. */
function unquoteValue(c: Condition): string {
  return c.op === 'in' ? c.value : unquote(c.value);
}

/** Values of in.(a,"b,c") as a list. */
export function parseInList(raw: string): string[] {
  const v = raw.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`"failed to parse filter (in.${raw})" (line 1, column 4)`, 'expecting "("');
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, ',', 'filter').map((x) => unquote(x.trim()));
}
