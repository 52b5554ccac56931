import type { Queryable } from '../db/database.ts';

/**
 * What /rest/v1 knows about schema public, read once from pg_catalog (queries that work on
 * Postgres 15 and PGlite's 18) and reloaded on demand. Every identifier a request names is
 * looked up here before it reaches SQL, so SQL only ever contains catalog-approved names.
 */
export interface Column {
  name: string;
  /** format_type() of the column, safe to splice into SQL because it comes from the catalog. */
  type: string;
  notNull: boolean;
  /** The default expression as SQL text (pg_get_expr), or for identity columns a nextval() call. */
  defaultExpr: string | null;
  generated: boolean;
}

export interface ForeignKey {
  name: string;
  /** The table holding the referencing columns. */
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  /** Which writes Postgres can carry out on it (a view that joins is read-only, for instance). */
  writable: { insert: boolean; update: boolean; delete: boolean };
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  /** Column sets with a unique constraint or index (the primary key included). */
  uniqueKeys: string[][];
  /** Foreign keys where this relation holds the referencing columns. */
  outgoing: ForeignKey[];
  /** Foreign keys of other relations that reference this one. */
  incoming: ForeignKey[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface RoutineDef {
  name: string;
  args: FunctionArg[];
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  /** scalar (incl. arrays), composite (a row type or OUT parameters), or void. */
  returnKind: 'scalar' | 'composite' | 'void';
  /** When the result rows have a table's or view's row type, its name (enables embedding). */
  returnRelation: string | null;
  /** Columns of a composite result (row type attributes or OUT parameters). */
  returnColumns: Column[];
}

export interface SchemaSnapshot {
  relations: Map<string, Relation>;
  functions: Map<string, RoutineDef[]>;
}

const RELATIONS_SQL = `
select c.oid::int8 as oid, c.relname as name, c.relkind as kind, pg_relation_is_updatable(c.oid, true) as updatable
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS_SQL = `
select a.attrelid::int8 as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       a.attnotnull as not_null, a.attgenerated <> '' as generated,
       case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
            else pg_get_expr(d.adbin, d.adrelid) end as default_expr
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype as type, con.conrelid::int8 as rel, con.confrelid::int8 as frel,
       array(select a.attname from unnest(con.conkey) with ordinality k(num, i)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i)::text[] as cols,
       array(select a.attname from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, i)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)::text[] as fcols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
union all
select i.indexrelid::regclass::text, 'i', i.indrelid::int8, null,
       array(select a.attname from unnest(i.indkey::int2[]) with ordinality k(num, j)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num order by k.j)::text[], '{}'::text[]
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and i.indisunique and i.indpred is null and i.indexprs is null`;

const FUNCTIONS_SQL = `
select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
       p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce(p.proargmodes::text[], '{}')::text[] as arg_modes,
       array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, i) order by i)::text[] as arg_types,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) order by i)::text[] as all_arg_types,
       array(select a.attname from pg_attribute a where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)::text[] as ret_cols,
       array(select format_type(a.atttypid, a.atttypmod) from pg_attribute a where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)::text[] as ret_col_types,
       p.prorettype = 'void'::regtype as returns_void,
       t.typtype as ret_typtype,
       case when t.typtype = 'c' then rc.relname end as ret_relation,
       rn.nspname = 'public' and rc.relkind in ('r', 'p', 'v', 'm', 'f') as ret_is_public_relation
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
left join pg_class rc on rc.oid = t.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = 'public' and p.prokind = 'f'
-- overloads in the order they were made, so what names one (PGRST202's hint) is the same after a reload
order by p.oid`;

type RelRow = { oid: number; name: string; kind: string; updatable: number };
type ColRow = { rel: number; name: string; type: string; not_null: boolean; generated: boolean; default_expr: string | null };
type ConRow = { name: string; type: string; rel: number; frel: number | null; cols: string[]; fcols: string[] };
type FnRow = {
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  all_arg_types: string[];
  ret_cols: string[];
  ret_col_types: string[];
  returns_void: boolean;
  ret_typtype: string;
  ret_relation: string | null;
  ret_is_public_relation: boolean | null;
};

export async function introspect(db: Queryable): Promise<SchemaSnapshot> {
  const [rels, cols, cons, fns] = [
    await db.query<RelRow>(RELATIONS_SQL),
    await db.query<ColRow>(COLUMNS_SQL),
    await db.query<ConRow>(CONSTRAINTS_SQL),
    await db.query<FnRow>(FUNCTIONS_SQL),
  ];
  const byOid = new Map<number, Relation>();
  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    const rel: Relation = {
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      // pg_relation_is_updatable's bits: 1 << CMD_UPDATE (2), CMD_INSERT (3), CMD_DELETE (4).
      writable: { insert: (r.updatable & 8) !== 0, update: (r.updatable & 4) !== 0, delete: (r.updatable & 16) !== 0 },
      columns: new Map(),
      columnList: [],
      primaryKey: [],
      uniqueKeys: [],
      outgoing: [],
      incoming: [],
    };
    byOid.set(Number(r.oid), rel);
    relations.set(r.name, rel);
  }
  for (const c of cols.rows) {
    const rel = byOid.get(Number(c.rel));
    if (!rel) continue;
    const col: Column = { name: c.name, type: c.type, notNull: c.not_null, defaultExpr: c.default_expr, generated: c.generated };
    rel.columns.set(c.name, col);
    rel.columnList.push(col);
  }
  for (const k of cons.rows) {
    const rel = byOid.get(Number(k.rel));
    if (!rel) continue;
    if (k.type === 'p') rel.primaryKey = k.cols;
    if (k.type === 'p' || k.type === 'u' || k.type === 'i') rel.uniqueKeys.push(k.cols);
    if (k.type === 'f') {
      const target = k.frel === null ? undefined : byOid.get(Number(k.frel));
      if (!target) continue; // references outside public are not embeddable
      const fk: ForeignKey = { name: k.name, from: rel.name, fromColumns: k.cols, to: target.name, toColumns: k.fcols };
      rel.outgoing.push(fk);
      target.incoming.push(fk);
    }
  }
  const functions = new Map<string, RoutineDef[]>();
  for (const f of fns.rows) {
    const def = toRoutine(f);
    if (!def) continue;
    const list = functions.get(f.name) ?? [];
    list.push(def);
    functions.set(f.name, list);
  }
  return { relations, functions };
}

function toRoutine(f: FnRow): RoutineDef | null {
  // proargnames/proargmodes cover every argument (OUT ones too); proargtypes only the inputs.
  const inputNames: string[] = [];
  if (f.arg_modes.length === 0) {
    for (let i = 0; i < f.nargs; i++) inputNames.push(f.arg_names[i] ?? '');
  } else {
    f.arg_modes.forEach((mode, i) => {
      if (mode === 'i' || mode === 'b' || mode === 'v') inputNames.push(f.arg_names[i] ?? '');
    });
  }
  const firstDefault = f.nargs - f.ndefaults;
  const args = f.arg_types.map((type, i) => ({ name: inputNames[i] ?? '', type, hasDefault: i >= firstDefault }));
  const hasOutArgs = f.arg_modes.some((m) => m === 'o' || m === 't' || m === 'b');
  let returnKind: RoutineDef['returnKind'];
  if (f.returns_void) returnKind = 'void';
  else if (f.ret_typtype === 'c' || (f.ret_typtype === 'p' && hasOutArgs)) returnKind = 'composite';
  else if (f.ret_typtype === 'p') return null; // record without a column list, trigger functions, …
  else returnKind = 'scalar';
  const column = (name: string, type: string): Column => ({ name, type, notNull: false, defaultExpr: null, generated: false });
  let returnColumns: Column[] = [];
  if (f.ret_typtype === 'c') returnColumns = f.ret_cols.map((n, i) => column(n, f.ret_col_types[i]!));
  else if (hasOutArgs) {
    f.arg_modes.forEach((mode, i) => {
      if (mode === 'o' || mode === 't' || mode === 'b') returnColumns.push(column(f.arg_names[i] ?? '', f.all_arg_types[i]!));
    });
  }
  return {
    name: f.name,
    args,
    returnColumns,
    volatility: f.volatility,
    returnsSet: f.returns_set,
    returnKind,
    returnRelation: f.ret_is_public_relation ? f.ret_relation : null,
  };
}

/** The live cache: one snapshot shared by all requests, swapped atomically on reload. */
export class SchemaCache {
  private current: SchemaSnapshot = { relations: new Map(), functions: new Map() };

  constructor(private readonly db: Queryable) {}

  get snapshot(): SchemaSnapshot {
    return this.current;
  }

  async reload(): Promise<void> {
    this.current = await introspect(this.db);
  }
}
