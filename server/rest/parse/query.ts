import { parseError } from '../errors.ts';
import type { LevelOptions, SelectItem } from './ast.ts';
import { parseField } from './field.ts';
import { parseCondition, parseLogic } from './filters.ts';
import { parseOrder } from './order.ts';
import { parseSelect } from './select.ts';
import { checkName, splitTopLevel } from './scan.ts';

export interface ParsedQuery {
  select: SelectItem[];
  /** Explicit select= given (writes only return columns when asked). */
  hasSelect: boolean;
  /** Keyed by embed path: '' for the root, 'creators' or 'creators.avatar' below it. */
  levels: Map<string, LevelOptions>;
  columns?: string[];
  onConflict?: string[];
  /** Query parameters consumed as function arguments (GET /rpc). */
  args: Map<string, string>;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

function level(levels: Map<string, LevelOptions>, path: string): LevelOptions {
  let l = levels.get(path);
  if (!l) {
    l = { filters: [], order: [] };
    levels.set(path, l);
  }
  return l;
}

function nonNegativeInt(value: string, key: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`"failed to parse ${key} (${value})" (line 1, column 1)`, `${key} must be a non-negative integer`);
  return Number(value);
}

/** Splits "creators.name" into the embed path and the last segment (json arrows never split). */
function splitPath(key: string): { path: string; last: string } {
  const arrow = key.search(/->/);
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const dot = head.lastIndexOf('.');
  if (dot < 0) return { path: '', last: key };
  const path = key.slice(0, dot);
  for (const seg of path.split('.')) checkName(seg, 'embedded resource path', key);
  return { path, last: key.slice(dot + 1) };
}

/** Reads every query parameter into the request's select, filters, order and paging. */
export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const levels = new Map<string, LevelOptions>();
  level(levels, '');
  const out: ParsedQuery = { select: [{ type: 'star' }], hasSelect: false, levels, args: new Map() };
  const seenSelect = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'select') {
      if (seenSelect.has(key)) throw parseError('"failed to parse select parameter" (select given twice)');
      seenSelect.add(key);
      out.select = parseSelect(value);
      out.hasSelect = true;
      continue;
    }
    if (key === 'columns') {
      out.columns = splitTopLevel(value, ',', 'columns').map((c) => checkName(c, 'columns', value));
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = splitTopLevel(value, ',', 'on_conflict').map((c) => checkName(c, 'on_conflict', value));
      continue;
    }
    if (RESERVED.has(key)) continue;
    if (argNames.has(key)) {
      out.args.set(key, value);
      continue;
    }
    const logic = /^(?:(.+)\.)?(or|and)$/s.exec(key);
    if (logic) {
      let path = logic[1] ?? '';
      const negate = path === 'not' || path.endsWith('.not');
      if (negate) path = path.slice(0, -4).replace(/\.$/, '');
      if (path) for (const seg of path.split('.')) checkName(seg, 'embedded resource path', key);
      level(levels, path).filters.push(parseLogic(logic[2] as 'or' | 'and', negate, value));
      continue;
    }
    const { path, last } = splitPath(key);
    if (last === 'order') level(levels, path).order.push(...parseOrder(value));
    else if (last === 'limit') level(levels, path).limit = nonNegativeInt(value, 'limit');
    else if (last === 'offset') level(levels, path).offset = nonNegativeInt(value, 'offset');
    else level(levels, path).filters.push(parseCondition(parseField(last, 'filter', key), value));
  }
  return out;
}
