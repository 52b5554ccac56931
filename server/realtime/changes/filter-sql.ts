import type { Queryable } from '../../db/database.ts';
import { FILTER_OPERATORS, type Filter, type FilterOperator } from './params.ts';
import type { TableColumn } from './tables.ts';

/** Hands out $n placeholders for values bound to one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COMPARISONS: Record<Exclude<FilterOperator, 'in'>, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/**
 * One filter condition on `ref` (a column reference of the given column's type), values bound as
 * text parameters cast to the column's type, as Supabase casts them. NULL never matches.
 */
export function conditionSql(filter: Filter, column: TableColumn, ref: string, params: Params): string {
  const type = column.sqlType;
  let expr: string;
  if (filter.op === 'in') expr = `${ref} = any(${params.add(filter.value)}::text::${type}[])`;
  else if (Object.hasOwn(COMPARISONS, filter.op)) expr = `${ref} ${COMPARISONS[filter.op]} ${params.add(filter.value)}::text::${type}`;
  // Only parseFilters makes a Filter, and it refuses every other operator: this is the last wall.
  else throw new Error(`realtime filter operator ${String(filter.op)} is not supported`);
  return filter.negate ? `coalesce(not (${expr}), false)` : `coalesce(${expr}, false)`;
}

/** Why a filter cannot be used on this column, in Supabase's words; undefined when it can. */
export async function filterProblem(db: Queryable, filter: Filter, column: TableColumn | undefined): Promise<string | undefined> {
  if (!column || !column.selectable) return `invalid column for filter ${filter.column}`;
  const type = column.sqlType;
  const attempt = async (sql: string, values: unknown[]): Promise<string | undefined> => {
    try {
      await db.query(sql, values);
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  };
  if (!(FILTER_OPERATORS as readonly string[]).includes(filter.op)) return `operator ${String(filter.op)} is not supported`;
  if (filter.op === 'in') {
    try {
      const { rows } = await db.query<{ n: number }>(`select coalesce(cardinality($1::text::${type}[]), 0)::int as n`, [filter.value]);
      if (rows[0]!.n > 100) return 'too many values for `in` filter. Maximum 100';
    } catch (err) {
      return (err as Error).message;
    }
  } else {
    const bad = await attempt(`select $1::text::${type}`, [filter.value]);
    if (bad) return bad;
  }
  // The value casts; the operator must exist for the type too (json has no =, for one).
  return attempt(`select ${conditionSql(filter, column, `null::${type}`, new Params())}`, [filter.value]);
}
