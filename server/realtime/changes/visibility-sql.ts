import { conditionSql, Params } from './filter-sql.ts';
import type { Filter } from './params.ts';
import { quoteIdent, type TableColumn, type TableView } from './tables.ts';

/** A row of platform.realtime_changes, as read. */
export interface CapturedChange {
  seq: string;
  relid: number;
  schema: string;
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  /** JSON text of the new primary key (INSERT, UPDATE). */
  pk: string | null;
  /** JSON text of the old replica identity (UPDATE, DELETE). */
  old: string | null;
  /** ISO 8601 in UTC with milliseconds, as Supabase writes commit_timestamp. */
  committedAt: string;
}

/** What one claim set receives of one change, per column selection (variant) and filter list. */
export interface VisibleRow {
  seq: string;
  /** Per variant: the row as JSON text (INSERT, UPDATE), and its old identity (UPDATE, DELETE). */
  records: (string | null)[];
  olds: (string | null)[];
  /** Per filter list: whether the change passes it. */
  passes: boolean[];
}

export interface VisibilityQuery {
  text: string;
  values: unknown[];
  /** Per variant, the columns sent: {name, type} as Supabase lists them. */
  columns: { name: string; type: string }[][];
  read(row: Record<string, unknown>): VisibleRow;
}

/** The columns a variant sends: what the role may select, narrowed to `select` (the key always goes). */
export function variantColumns(view: TableView, select: string[] | null): TableColumn[] {
  return view.columns.filter((c) => c.selectable && (select === null || c.pkPosition > 0 || select.includes(c.name)));
}

/**
 * One statement, run as one claim set (role and JWT claims, so RLS applies), for a batch of
 * changes to one table. Each INSERT or UPDATE is joined to the live row by primary key: no row
 * means the claim set may not select it (or it is gone), and the row goes out as the subscriber
 * can select it now, so a subscriber never receives a state of a row it could not see (when the
 * row changed again before delivery, it gets the later state). Old identities (UPDATE, DELETE)
 * keep only the primary key when the table has RLS: an old or deleted row cannot be checked
 * against policies. Filters are evaluated on the live row, or for a DELETE on the old identity
 * (a filter on a column it lacks does not match).
 */
export function visibilityQuery(view: TableView, variants: (string[] | null)[], filterLists: Filter[][], changes: readonly CapturedChange[]): VisibilityQuery {
  const params = new Params();
  const seqs = params.add(changes.map((c) => c.seq));
  const ops = params.add(changes.map((c) => c.op));
  const pks = params.add(changes.map((c) => c.pk));
  const olds = params.add(changes.map((c) => c.old));
  const ref = (alias: string, column: TableColumn) => `${alias}.${quoteIdent(column.name)}`;
  const columnsByName = new Map(view.columns.map((c) => [c.name, c]));

  const selects: string[] = [];
  const columns = variants.map((select, i) => {
    const sent = variantColumns(view, select);
    const sentNames = new Set(sent.map((c) => c.name));
    // With RLS, an old row may be a state the subscriber could never select: only its key goes.
    const oldHidden = view.columns.filter((c) => !sentNames.has(c.name) || (view.rls && c.pkPosition === 0)).map((c) => c.name);
    selects.push(
      // sent.* is the subquery's row even when the table has a column named like the alias.
      `case when c.op <> 'DELETE' then (select to_jsonb(sent.*) from (select ${sent.map((c) => ref('r', c)).join(', ')}) sent)::text end as r${i}`,
      `(c.old::jsonb - ${params.add(oldHidden)}::text[])::text as o${i}`,
    );
    return sent.map((c) => ({ name: c.name, type: c.type }));
  });
  filterLists.forEach((filters, i) => {
    const onRow = filters.map((f) => conditionSql(f, columnsByName.get(f.column)!, ref('r', columnsByName.get(f.column)!), params));
    const onOld = filters.map((f) => {
      const column = columnsByName.get(f.column)!;
      return `(c.old::jsonb ? ${params.add(f.column)} and ${conditionSql(f, column, ref('o', column), params)})`;
    });
    selects.push(`case when c.op = 'DELETE' then ${onOld.join(' and ')} else ${onRow.join(' and ')} end as f${i}`);
  });

  const keyJoin = view.pk.map((c) => `${ref('r', c)} = ${ref('k', c)}`).join(' and ');
  const text = `select c.seq, ${selects.join(', ')}
    from unnest(${seqs}::text[], ${ops}::text[], ${pks}::text[], ${olds}::text[]) as c(seq, op, pk, old)
    left join lateral jsonb_populate_record(null::${view.sql}, c.pk::jsonb) as k on true
    left join ${view.sql} as r on ${keyJoin}
    left join lateral jsonb_populate_record(null::${view.sql}, c.old::jsonb) as o on true
   where c.op = 'DELETE' or ${ref('r', view.pk[0]!)} is not null`;

  return {
    text,
    values: params.values,
    columns,
    read: (row) => ({
      seq: String(row.seq),
      records: variants.map((_, i) => (row[`r${i}`] as string | null) ?? null),
      olds: variants.map((_, i) => (row[`o${i}`] as string | null) ?? null),
      passes: filterLists.map((_, i) => row[`f${i}`] === true),
    }),
  };
}
