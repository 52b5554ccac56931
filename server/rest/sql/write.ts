import { RestError } from '../errors.ts';
import type { SelectItem } from '../parse/ast.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { Relation } from '../schema-cache.ts';
import { filterSql } from './expressions.ts';
import { buildLevel, checkUnusedPaths, type BuildContext, type ReadStatement } from './read.ts';
import { ident, literal, qualified } from './sql.ts';

export function unknownWriteColumn(rel: Relation, name: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${rel.name}' in the schema cache`);
}

export interface Returning {
  /** Whether rows go back in the body (return=representation). */
  representation: boolean;
  select: SelectItem[];
  stripNulls: boolean;
}

/**
 * Wraps a data-modifying statement (with "returning t0.*") so the same single statement answers
 * with the affected rows as JSON text, their number, and the primary key of the first row.
 */
function finish(ctx: BuildContext, rel: Relation, modifying: string, ret: Returning, upsert?: { insert: string; inserted: string }): ReadStatement {
  let body = `null::text`;
  if (ret.representation) {
    // Root filters already chose the rows; only the order applies to what is returned.
    const root = ctx.levels.get('');
    ctx.levels.set('', { filters: [], order: root?.order ?? [] });
    const level = buildLevel(ctx, rel, ret.select, 't0', '');
    checkUnusedPaths(ctx);
    const tail = level.order ? ` order by ${level.order}` : '';
    const agg = ret.stripNulls ? `json_strip_nulls(coalesce(json_agg(_s), '[]'))` : `coalesce(json_agg(_s), '[]')`;
    body = `(select ${agg}::text from (select ${level.columns.join(', ')} from _w as t0${tail}) as _s)`;
  }
  const pk = rel.primaryKey.length
    ? `(select json_build_object(${rel.primaryKey.map((c) => `${literal(c)}, t0.${ident(c)}`).join(', ')})::text from _w as t0 limit 1)`
    : 'null::text';
  return {
    text: `with ${upsert ? `${upsert.insert}, ` : ''}_w as (${modifying}) select ${body} as body, (select count(*) from _w)::int8 as n, ${pk} as location, ${upsert?.inserted ?? 'null::int8'} as inserted`,
    params: ctx.sql.params,
    planEachTime: ctx.sql.planEachTime,
    openPattern: ctx.sql.openPattern,
  };
}

function checkColumns(rel: Relation, names: string[]): void {
  for (const n of names) if (!rel.columns.has(n)) throw unknownWriteColumn(rel, n);
}

/** The columns an insert writes: columns= if given, else the payload's keys (identical in every object). */
export function insertColumns(rel: Relation, rows: Record<string, unknown>[], columnsParam?: string[]): string[] {
  if (columnsParam) {
    checkColumns(rel, columnsParam);
    return [...new Set(columnsParam)];
  }
  const first = Object.keys(rows[0] ?? {});
  const key = [...first].sort().join('\u0000');
  for (const r of rows) {
    if (Object.keys(r).sort().join('\u0000') !== key) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  checkColumns(rel, first);
  return first;
}

export interface InsertOptions {
  rel: Relation;
  body: string;
  columns: string[];
  prefs: Preferences;
  onConflict?: string[];
  returning: Returning;
}

export function buildInsert(ctx: BuildContext, o: InsertOptions): ReadStatement {
  const { rel, columns, prefs } = o;
  const target = qualified(rel.name);
  const source = ` from json_array_elements(${ctx.sql.bind(o.body)}::json) with ordinality as _e(j, n) cross join lateral json_populate_record(null::${target}, _e.j) as _r`;
  let insert: string;
  if (columns.length === 0) {
    insert = `insert into ${target} as t0 select${source} order by _e.n`;
  } else {
    const exprs = columns.map((c) => {
      const col = rel.columns.get(c)!;
      if (prefs.missing === 'default' && col.defaultExpr) {
        return `case when _e.j -> ${literal(c)} is null then ${col.defaultExpr} else _r.${ident(c)} end`;
      }
      return `_r.${ident(c)}`;
    });
    insert = `insert into ${target} as t0 (${columns.map(ident).join(', ')}) select ${exprs.join(', ')}${source} order by _e.n`;
  }
  if (prefs.resolution) {
    const conflict = o.onConflict ?? rel.primaryKey;
    if (conflict.length === 0) {
      throw new RestError(400, 'PGRST100', `on_conflict is required: '${rel.name}' has no primary key`);
    }
    checkColumns(rel, conflict);
    const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
    insert +=
      prefs.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${conflict.map(ident).join(', ')}) do nothing`
        : ` on conflict (${conflict.map(ident).join(', ')}) do update set ${updates.join(', ')}`;
  }
  if (prefs.resolution === 'merge-duplicates' && rel.kind === 'table') {
    // An upsert that only updated answers 200, not 201 (PostgREST 12): a row the insert made has
    // xmax 0, one ON CONFLICT updated has its own transaction's id there. Views have no xmax.
    const flag = 'pgrst_upsert_inserted';
    if (!rel.columns.has(flag)) {
      return finish(ctx, rel, `select ${rel.columnList.map((c) => ident(c.name)).join(', ')} from _i`, o.returning, {
        insert: `_i as (${insert} returning t0.*, t0.xmax = 0 as ${flag})`,
        inserted: `(select count(*) from _i where ${flag})::int8`,
      });
    }
  }
  return finish(ctx, rel, `${insert} returning t0.*`, o.returning);
}

export interface UpdateOptions {
  rel: Relation;
  body: string;
  columns: string[];
  returning: Returning;
}

export function buildUpdate(ctx: BuildContext, o: UpdateOptions): ReadStatement {
  const { rel } = o;
  checkColumns(rel, o.columns);
  const level = ctx.levels.get('') ?? { filters: [], order: [] };
  const target = qualified(rel.name);
  const sets = o.columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  const payload = `json_populate_record(null::${target}, ${ctx.sql.bind(o.body)}::json) as _r`;
  const where = level.filters.map((f) => filterSql(ctx.sql, rel, 't0', f));
  const modifying = o.columns.length
    ? `update ${target} as t0 set ${sets} from ${payload}${where.length ? ` where ${where.join(' and ')}` : ''} returning t0.*`
    : `select t0.* from ${target} as t0 where false`;
  return finish(ctx, rel, modifying, o.returning);
}

export function buildDelete(ctx: BuildContext, rel: Relation, returning: Returning): ReadStatement {
  const level = ctx.levels.get('') ?? { filters: [], order: [] };
  const where = level.filters.map((f) => filterSql(ctx.sql, rel, 't0', f));
  const modifying = `delete from ${qualified(rel.name)} as t0${where.length ? ` where ${where.join(' and ')}` : ''} returning t0.*`;
  return finish(ctx, rel, modifying, returning);
}
