import { RestError } from '../errors.ts';
import type { Column, Relation, RoutineDef, SchemaSnapshot } from '../schema-cache.ts';
import { ident, qualified, type Sql } from './sql.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);
/** The types a function's one unnamed parameter may have for PostgREST to call it (with the body). */
const UNNAMED_PARAM_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/** A routine taking one unnamed json/jsonb argument receives the whole request body. */
export function takesWholeBody(fn: RoutineDef): boolean {
  return fn.args.length === 1 && fn.args[0]!.name === '' && JSON_TYPES.has(fn.args[0]!.type);
}

/**
 * Whether /rpc can call the routine at all. As in PostgREST, an unnamed parameter cannot be given
 * by name, so only a routine whose one parameter is an unnamed json, jsonb, text, xml or bytea is
 * callable with one; any other routine with an unnamed parameter is not in the API.
 */
export function isCallable(fn: RoutineDef): boolean {
  if (fn.args.every((a) => a.name !== '')) return true;
  return fn.args.length === 1 && UNNAMED_PARAM_TYPES.has(fn.args[0]!.type);
}

/** The keys name every required parameter, and nothing that is not a parameter (the unnamed one is ''). */
function takesKeys(fn: RoutineDef, keys: Set<string>): boolean {
  return [...keys].every((k) => fn.args.some((a) => a.name === k)) && fn.args.every((a) => a.hasDefault || keys.has(a.name));
}

/** How PostgREST names an overload in PGRST203: public.f(a => integer, b => text). */
function signature(fn: RoutineDef): string {
  return `public.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
}

/** PGRST203's order, as PostgREST lists them: by number of parameters, then alphabetically. */
function fewestParametersFirst(a: RoutineDef, b: RoutineDef): number {
  const [x, y] = [signature(a), signature(b)];
  return a.args.length - b.args.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * Picks the overload the given argument keys call, as PostgREST does: the one whose parameters
 * the keys match; failing that, the one taking the whole body as json. None: PGRST202; more than
 * one: PGRST203 (300 Multiple Choices), never a guess.
 */
export function resolveRoutine(snap: SchemaSnapshot, name: string, keys: string[]): RoutineDef {
  const overloads = (snap.functions.get(name) ?? []).filter(isCallable);
  const keySet = new Set(keys);
  const matching = overloads.filter((fn) => takesKeys(fn, keySet));
  const candidates = matching.length ? matching : overloads.filter(takesWholeBody);
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...candidates].sort(fewestParametersFirst).map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...keys].sort();
  const given = sorted.length ? `with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : 'without parameters';
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name} ${given} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    overloads.length
      ? `Perhaps you meant to call the function public.${name}(${overloads[0]!.args.map((a) => a.name).join(', ')})`
      : (snap.functions.has(name) ? null : closestFunctionHint(snap, name)),
  );
}

/**
 * For a name no function has, PostgREST suggests the most alike one it can call, when they are
 * at least a third alike (by edit distance over the longer name); a name some function has,
 * with no callable overload, gets no suggestion.
 */
function closestFunctionHint(snap: SchemaSnapshot, name: string): string | null {
  let best: { name: string; score: number } | null = null;
  for (const [other, defs] of snap.functions) {
    if (!defs.some(isCallable)) continue;
    const score = 1 - editDistance(name, other) / Math.max(name.length, other.length);
    if (score >= 1 / 3 && (!best || score > best.score)) best = { name: other, score };
  }
  return best ? `Perhaps you meant to call the function public.${best.name}` : null;
}

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The FROM-clause call: "public"."fn"(a => _a."a", …) fed from json_to_record over the bound
 * arguments, so Postgres converts JSON values (arrays, objects, numbers) to the argument types.
 */
export function routineCall(sql: Sql, fn: RoutineDef, args: Record<string, unknown> | string, wholeBody: boolean): { from: string; call: string } {
  const target = qualified(fn.name);
  if (wholeBody) {
    const type = fn.args[0]!.type;
    return { from: '', call: `${target}(${sql.bind(typeof args === 'string' ? args : JSON.stringify(args))}::${type})` };
  }
  const given = typeof args === 'string' ? (JSON.parse(args) as Record<string, unknown>) : args;
  const used = fn.args.filter((a) => Object.prototype.hasOwnProperty.call(given, a.name));
  if (used.length === 0) return { from: '', call: `${target}()` };
  if (used[0]!.name === '') {
    // The one unnamed parameter (isCallable): given positionally, a string as its text, else as JSON.
    const value = given[''];
    return { from: '', call: `${target}(${sql.bind(typeof value === 'string' ? value : JSON.stringify(value))}::${used[0]!.type})` };
  }
  const record = `json_to_record(${sql.bind(JSON.stringify(given))}::json) as _a(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
  return { from: `${record} cross join lateral `, call: `${target}(${used.map((a) => `${ident(a.name)} => _a.${ident(a.name)}`).join(', ')})` };
}

/** The relation metadata a composite result is filtered, ordered and embedded with. */
export function resultRelation(snap: SchemaSnapshot, fn: RoutineDef): Relation {
  if (fn.returnRelation) {
    const rel = snap.relations.get(fn.returnRelation);
    if (rel) return rel;
  }
  const columns = new Map<string, Column>(fn.returnColumns.map((c) => [c.name, c]));
  return {
    name: fn.name,
    kind: 'view',
    writable: { insert: false, update: false, delete: false },
    columns,
    columnList: fn.returnColumns,
    primaryKey: [],
    uniqueKeys: [],
    outgoing: [],
    incoming: [],
  };
}
