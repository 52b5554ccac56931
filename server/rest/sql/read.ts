import { RestError } from '../errors.ts';
import type { LevelOptions, OrderTerm, SelectItem } from '../parse/ast.ts';
import { fieldOutputName } from '../parse/field.ts';
import type { Relation, SchemaSnapshot } from '../schema-cache.ts';
import { filterSql, fieldSql, unknownColumn } from './expressions.ts';
import { resolveEmbed, type Join } from './relationships.ts';
import { ident, rowCount, type Sql } from './sql.ts';

const EMPTY_LEVEL: LevelOptions = { filters: [], order: [] };

/** Everything the builders share while one statement is produced. */
export interface BuildContext {
  snap: SchemaSnapshot;
  sql: Sql;
  levels: Map<string, LevelOptions>;
  /** Level paths that were matched to an embed; left-overs are reported as errors. */
  usedPaths: Set<string>;
  /** column.sum() and the like are allowed (REST_AGGREGATES_ENABLED, PostgREST's db-aggregates-enabled). */
  aggregates?: boolean;
}

interface EmbedPlan {
  key: string;
  item: Extract<SelectItem, { type: 'embed' }>;
  join: Join;
  path: string;
}

/** One level of the select tree, ready to render for a table alias. */
export interface LevelSql {
  /** "expr as "name"" items. */
  columns: string[];
  /** The same output as expression and name, a star spelled out column by column (for spreads). */
  outputs: { expr: string; name: string }[];
  /** Non-aggregate expressions to group by when the level also selects count(). */
  groupBy: string[] | null;
  /** Conditions for the WHERE clause (filters and !inner embeds). */
  where: string[];
  order: string;
  limit?: number;
  offset?: number;
}

function levelOf(ctx: BuildContext, path: string): LevelOptions {
  const level = ctx.levels.get(path);
  if (level) ctx.usedPaths.add(path);
  return level ?? EMPTY_LEVEL;
}

function embedKey(item: Extract<SelectItem, { type: 'embed' }>): string {
  return item.alias ?? item.name;
}

/** Builds select list, filters and order for relation `rel` read under `alias`. */
export function buildLevel(ctx: BuildContext, rel: Relation, items: SelectItem[], alias: string, path: string): LevelSql {
  const level = levelOf(ctx, path);
  const columns: string[] = [];
  const outputs: { expr: string; name: string }[] = [];
  const plain: string[] = [];
  let aggregate = false;
  const embeds: EmbedPlan[] = [];
  const output = (expr: string, name: string) => {
    columns.push(`${expr} as ${ident(name)}`);
    outputs.push({ expr, name });
  };

  for (const item of items) {
    if (item.type === 'star') {
      columns.push(`${alias}.*`);
      for (const c of rel.columnList) outputs.push({ expr: `${alias}.${ident(c.name)}`, name: c.name });
      plain.push(`${alias}.*`);
    } else if (item.type === 'count' || (item.type === 'column' && item.field.name === 'count' && item.field.json.length === 0 && !rel.columns.has('count'))) {
      aggregate = true;
      output('count(*)', item.alias ?? 'count');
    } else if (item.type === 'aggregate') {
      if (!ctx.aggregates) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      aggregate = true;
      let expr = `${item.fn}(${fieldSql(ctx.sql, rel, alias, item.field)})`;
      if (item.cast) expr = `(${expr})::${item.cast}`;
      output(expr, item.alias ?? item.fn);
    } else if (item.type === 'column') {
      let expr = fieldSql(ctx.sql, rel, alias, item.field);
      if (item.cast) expr = `(${expr})::${item.cast}`;
      output(expr, item.alias ?? fieldOutputName(item.field));
      plain.push(expr);
    } else {
      const key = embedKey(item);
      const join = resolveEmbed(ctx.snap, rel, item.name, item.hint);
      if (item.spread && !join.toOne) {
        throw new RestError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, `'${rel.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`);
      }
      embeds.push({ key, item, join, path: path ? `${path}.${key}` : key });
    }
  }

  const exists = (e: EmbedPlan): string => {
    const ca = ctx.sql.alias();
    const child = buildLevel(ctx, e.join.child, [], ca, e.path);
    const conds = [e.join.on(alias, ca), ...child.where];
    return `exists (select 1 from "public".${ident(e.join.child.name)} as ${ca} where ${conds.join(' and ')})`;
  };

  for (const e of embeds) {
    if (e.item.select.length === 0) {
      // An empty embed answers no key: it is there for its !inner and its filters (PostgREST).
      levelOf(ctx, e.path);
      continue;
    }
    const ca = ctx.sql.alias();
    const child = buildLevel(ctx, e.join.child, e.item.select, ca, e.path);
    const where = [e.join.on(alias, ca), ...child.where].join(' and ');
    if (e.item.spread) {
      // The one related row's columns, each the parent's own (a to-one relation: at most one row).
      if (child.groupBy) throw new RestError(400, 'PGRST100', '"failed to parse select parameter": aggregates inside a spread embed are not supported');
      for (const o of child.outputs) {
        const sub = `(select ${o.expr} from "public".${ident(e.join.child.name)} as ${ca} where ${where})`;
        output(sub, o.name);
        plain.push(sub);
      }
      continue;
    }
    const tail = renderTail(ctx, child);
    const inner = `select ${child.columns.join(', ') || 'null'} from "public".${ident(e.join.child.name)} as ${ca} where ${where}${tail}`;
    const sub = e.join.toOne
      ? `(select row_to_json(_s) from (${inner}) as _s)`
      : `(select coalesce(json_agg(_s), '[]') from (${inner}) as _s)`;
    output(sub, e.key);
    plain.push(sub);
  }

  const embedExists = (key: string) => {
    const e = embeds.find((x) => x.key === key);
    return e ? exists(e) : undefined;
  };
  const where = level.filters.map((f) => filterSql(ctx.sql, rel, alias, f, embedExists));
  for (const e of embeds) if (e.item.inner) where.push(exists(e));

  const order = level.order.map((t) => orderSql(ctx, rel, alias, t, embeds)).join(', ');
  if (aggregate && plain.some((p) => p.endsWith('.*'))) {
    throw new RestError(400, 'PGRST100', '"failed to parse select parameter": count() cannot be combined with *', null, 'Select the columns to group by explicitly.');
  }
  return {
    columns,
    outputs,
    groupBy: aggregate ? plain : null,
    where,
    order,
    limit: level.limit,
    offset: level.offset,
  };
}

function orderSql(ctx: BuildContext, rel: Relation, alias: string, t: OrderTerm, embeds: EmbedPlan[]): string {
  let expr: string;
  if (t.relation) {
    const selected = embeds.find((e) => e.key === t.relation);
    const join = selected?.join ?? resolveEmbed(ctx.snap, rel, t.relation);
    if (!join.toOne) {
      throw new RestError(400, 'PGRST118', `A related order on '${t.relation}' is not possible`, `'${rel.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`);
    }
    const ca = ctx.sql.alias();
    expr = `(select ${fieldSql(ctx.sql, join.child, ca, t.field)} from "public".${ident(join.child.name)} as ${ca} where ${join.on(alias, ca)})`;
  } else {
    if (!rel.columns.has(t.field.name)) throw unknownColumn(rel, t.field.name);
    expr = fieldSql(ctx.sql, rel, alias, t.field);
  }
  return `${expr} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
}

/** group by / order by / limit / offset after the WHERE clause. */
export function renderTail(ctx: BuildContext, level: LevelSql, paging?: { limit?: number; offset?: number }): string {
  let s = '';
  if (level.groupBy && level.groupBy.length) s += ` group by ${level.groupBy.join(', ')}`;
  if (level.order) s += ` order by ${level.order}`;
  const limit = paging ? paging.limit : level.limit;
  const offset = paging ? paging.offset : level.offset;
  if (limit !== undefined) s += ` limit ${rowCount(limit)}`;
  if (offset) s += ` offset ${rowCount(offset)}`;
  return s;
}

/** Reports filters on embeds the select does not contain, as PostgREST does. */
export function checkUnusedPaths(ctx: BuildContext): void {
  for (const path of ctx.levels.keys()) {
    if (path !== '' && !ctx.usedPaths.has(path)) {
      throw new RestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
}

export interface ReadStatement {
  text: string;
  params: unknown[];
  /** See Sql.planEachTime. */
  planEachTime: boolean;
  /** See Sql.openPattern. */
  openPattern: boolean;
}

export interface ReadOptions {
  /** The FROM item, e.g. "public"."projects" or a function call. */
  from: string;
  rel: Relation;
  select: SelectItem[];
  paging: { limit?: number; offset?: number };
  count: boolean;
  stripNulls: boolean;
  /** text/csv: the body is CSV built by Postgres instead of a JSON array. */
  csv?: boolean;
}

/**
 * text/csv as PostgREST writes it: the first row's column names, then each row as Postgres's own
 * text of the row without its parentheses, so values and their quoting are Postgres's (t/f,
 * timestamps, jsonb and ranges as Postgres prints them; a value with a comma, quote, parenthesis,
 * backslash or space quoted, its quotes doubled). Lines are joined by \n; no rows: just "\n".
 */
const CSV_BODY =
  `(select coalesce(string_agg(_k, ','), '') from json_object_keys((select row_to_json(_h) from _s as _h limit 1)) as _k)` +
  ` || E'\\n' || coalesce(string_agg(substring(_s::text, 2, length(_s::text) - 2), E'\\n'), '')`;

/**
 * One statement answering a read: the page as JSON text built by Postgres, the number of rows
 * in it, and (when asked) the total matching rows.
 */
export function buildRead(ctx: BuildContext, o: ReadOptions): ReadStatement {
  const level = buildLevel(ctx, o.rel, o.select, 't0', '');
  checkUnusedPaths(ctx);
  const where = level.where.length ? ` where ${level.where.join(' and ')}` : '';
  // Page first, then build the embeds for the page's rows only: otherwise Postgres may evaluate
  // every embed subquery for every matching row before sorting and cutting the page.
  const inner = level.groupBy
    ? `select ${level.columns.join(', ') || 'null'} from ${o.from} as t0${where}${renderTail(ctx, level, o.paging)}`
    : `select ${level.columns.join(', ') || 'null'} from (select t0.* from ${o.from} as t0${where}${renderTail(ctx, level, o.paging)}) as t0${level.order ? ` order by ${level.order}` : ''}`;
  const agg = o.stripNulls ? `json_strip_nulls(coalesce(json_agg(_s), '[]'))` : `coalesce(json_agg(_s), '[]')`;
  const total = o.count
    ? level.groupBy
      ? `, (select count(*) from (select 1 from ${o.from} as t0${where}${renderTail(ctx, { ...level, order: '' }, {})}) as _g)::int8 as total`
      : `, (select count(*) from ${o.from} as t0${where})::int8 as total`
    : '';
  return {
    text: o.csv
      ? `with _s as (${inner}) select ${CSV_BODY} as body, count(*)::int8 as n${total} from _s`
      : `select ${agg}::text as body, count(*)::int8 as n${total} from (${inner}) as _s`,
    params: ctx.sql.params,
    planEachTime: ctx.sql.planEachTime,
    openPattern: ctx.sql.openPattern,
  };
}
