import { RestError } from '../errors.ts';
import type { Column, Relation, RoutineDef, SchemaSnapshot } from '../schema-cache.ts';
import { ident, qualified, type Sql } from './sql.ts';

const JSON_TYPES = new Set(['json', 'jsonb']);

/** A routine taking one unnamed json/jsonb argument receives the whole request body. */
export function takesWholeBody(fn: RoutineDef): boolean {
  return fn.args.length === 1 && fn.args[0]!.name === '' && JSON_TYPES.has(fn.args[0]!.type);
}

/** Picks the overload whose named arguments match the given keys (PGRST202 when none does). */
export function resolveRoutine(snap: SchemaSnapshot, name: string, keys: string[]): RoutineDef {
  const overloads = snap.functions.get(name) ?? [];
  const keySet = new Set(keys);
  const named = overloads.find(
    (fn) =>
      !takesWholeBody(fn) &&
      keys.every((k) => fn.args.some((a) => a.name === k)) &&
      fn.args.every((a) => a.hasDefault || keySet.has(a.name)),
  );
  if (named) return named;
  const whole = overloads.find(takesWholeBody);
  if (whole) return whole;
  const sorted = [...keys].sort();
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name} ${sorted.length ? `with parameters ${sorted.join(', ')}` : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    overloads.length ? `Perhaps you meant to call the function public.${name}(${overloads[0]!.args.map((a) => a.name).join(', ')})` : null,
  );
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
