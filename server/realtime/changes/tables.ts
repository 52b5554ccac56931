import type { Database } from '../../db/database.ts';
import type { ApiRole } from '../../security/jwt.ts';

export const PUBLICATION = 'supabase_realtime';

export interface TableColumn {
  name: string;
  /** pg_type.typname, which realtime-js converts values by (int4, bool, _text, timestamptz …). */
  type: string;
  /** The type as SQL writes it, for casting filter values (from the catalog, already quoted). */
  sqlType: string;
  /** Position in the primary key, 1-based; 0 when not part of it. */
  pkPosition: number;
  /** Whether the role may select this column. */
  selectable: boolean;
}

/** One published table as one role sees it. */
export interface TableView {
  oid: number;
  schema: string;
  name: string;
  /** "schema"."name", quoted. */
  sql: string;
  rls: boolean;
  columns: TableColumn[];
  /** Primary key columns in key order. */
  pk: TableColumn[];
}

/** A table a binding named: in the publication, and whether our capture is on it. */
export interface PublishedTable {
  oid: number;
  name: string;
  captured: boolean;
  hasPrimaryKey: boolean;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What postgres_changes needs from the catalog: which tables are published, and their columns
 * and key as each API role may see them (cached; reload() after schema changes).
 */
export class TableCatalog {
  private views = new Map<string, Promise<TableView | undefined>>();

  constructor(private readonly db: Database) {}

  reload(): void {
    this.views = new Map();
  }

  /** Published tables of `schema` named `table` ('*': all of them). */
  async published(schema: string, table: string): Promise<PublishedTable[]> {
    const { rows } = await this.db.query<{ oid: string; name: string; captured: boolean; has_pk: boolean }>(
      `select c.oid::text as oid, c.relname as name,
              exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_capture') as captured,
              exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary) as has_pk
         from pg_publication_tables pt
         join pg_namespace n on n.nspname = pt.schemaname
         join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
        where pt.pubname = $1 and pt.schemaname = $2 and ($3 = '*' or pt.tablename = $3)
        order by c.relname`,
      [PUBLICATION, schema, table],
    );
    return rows.map((r) => ({ oid: Number(r.oid), name: r.name, captured: r.captured, hasPrimaryKey: r.has_pk }));
  }

  view(role: ApiRole, oid: number): Promise<TableView | undefined> {
    const key = `${role}:${oid}`;
    let view = this.views.get(key);
    if (!view) {
      view = this.load(role, oid);
      view.catch(() => this.views.delete(key));
      this.views.set(key, view);
    }
    return view;
  }

  private async load(role: ApiRole, oid: number): Promise<TableView | undefined> {
    const { rows } = await this.db.query<{
      schema: string;
      name: string;
      rls: boolean;
      columns: { name: string; type: string; sqlType: string; pkPosition: number | null; selectable: boolean }[];
    }>(
      `select n.nspname as schema, c.relname as name, c.relrowsecurity as rls,
              (select json_agg(json_build_object(
                        'name', a.attname,
                        'type', t.typname,
                        'sqlType', a.atttypid::regtype::text,
                        'pkPosition', array_position(i.indkey::int2[], a.attnum),
                        'selectable', has_column_privilege($1, c.oid, a.attnum, 'SELECT'))
                      order by a.attnum)
                 from pg_attribute a
                 join pg_type t on t.oid = a.atttypid
                 left join pg_index i on i.indrelid = c.oid and i.indisprimary
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.oid = $2::text::oid`,
      [role, String(oid)],
    );
    const row = rows[0];
    if (!row) return undefined;
    const columns: TableColumn[] = (typeof row.columns === 'string' ? JSON.parse(row.columns) : row.columns).map(
      (c: { name: string; type: string; sqlType: string; pkPosition: number | null; selectable: boolean }) => ({
        name: c.name,
        type: c.type,
        sqlType: c.sqlType,
        // The subscript in pg_index.indkey (0-based): it orders the key; 0 means "not in it".
        pkPosition: c.pkPosition === null ? 0 : c.pkPosition + 1,
        selectable: c.selectable,
      }),
    );
    return {
      oid,
      schema: row.schema,
      name: row.name,
      sql: `${quoteIdent(row.schema)}.${quoteIdent(row.name)}`,
      rls: row.rls,
      columns,
      pk: columns.filter((c) => c.pkPosition > 0).sort((a, b) => a.pkPosition - b.pkPosition),
    };
  }
}

export { quoteIdent };
