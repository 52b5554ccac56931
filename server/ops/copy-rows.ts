import type { Queryable } from '../db/database.ts';

/**
 * Copies every row of one database into another whose schema the same migrations made, by value:
 * each column in its text form, cast back to the column's type on the target, then checked table
 * by table (row count and a checksum). Rows, not a dump, because the two sides may run different
 * PostgreSQL majors: a PGlite DATA_DIR moving to an older Postgres (decision 240), or to a newer
 * PGlite when its PostgreSQL major changes (decision 267). The callers own the transactions.
 */

/** The migrations' own record, which migrate() writes on the target: never copied. */
export const BOOKKEEPING_TABLE = 'platform.schema_migrations';

/** Rows per round trip: one bound text array per column, so the batch is not bounded by 65,535 parameters. */
const BATCH_ROWS = 1000;

/**
 * The same text form of every value on both sides (PGlite and Postgres default some of these
 * differently by build or by server), so the checksums compare values, not settings.
 */
export const SESSION_SETTINGS = [`set timezone = 'UTC'`, `set datestyle = 'ISO, MDY'`, `set intervalstyle = 'postgres'`, `set extra_float_digits = 1`, `set bytea_output = 'hex'`];

/** A PGlite of any version, as far as reading rows through a cursor needs it. */
export interface RowSource {
  exec(sql: string): Promise<unknown>;
  query<Row>(sql: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: Row[] }>;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  matches: boolean;
}

interface Column {
  name: string;
  /** format_type() on the target: what the text form is cast back to. */
  type: string;
}

interface TableShape {
  schema: string;
  name: string;
  columns: Column[];
  /** Has an identity column GENERATED ALWAYS: inserting its value needs OVERRIDING SYSTEM VALUE. */
  alwaysIdentity: boolean;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** Schemas of Postgres itself, never the app's. */
export const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/**
 * Ordinary tables (unlogged ones too, and partitions, which hold a partitioned table's rows) of
 * the app's schemas, found in the catalog so a new table needs no change here. Generated columns
 * are left out: the target computes them.
 */
const TABLES_SQL = `
  select n.nspname as schema, c.relname as name,
         coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                  filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]') as columns,
         bool_or(a.attidentity = 'a') as always_identity
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid
   where c.relkind = 'r' and ${SYSTEM_SCHEMAS}
   group by n.nspname, c.relname
   order by 1, 2`;

async function tablesOf(db: Queryable): Promise<TableShape[]> {
  const { rows } = await db.query<{ schema: string; name: string; columns: Column[] | string; always_identity: boolean | null }>(TABLES_SQL);
  return rows
    .filter((r) => `${r.schema}.${r.name}` !== BOOKKEEPING_TABLE)
    .map((r) => ({
      schema: r.schema,
      name: r.name,
      columns: typeof r.columns === 'string' ? (JSON.parse(r.columns) as Column[]) : r.columns,
      alwaysIdentity: Boolean(r.always_identity),
    }));
}

/**
 * Row count and a checksum computed the same way on both sides: the md5 of each row's copied
 * columns as text, the hashes sorted (bytewise, so no collation enters) and hashed again. Sorting
 * hashes, not keys, needs no primary key and no agreement on how keys sort. Generated columns are
 * left out: each side computes its own (a text-search stemmer may differ between versions), and
 * they were not copied.
 */
async function checksum(db: Queryable, table: TableShape): Promise<{ rows: number; checksum: string }> {
  const row = table.columns.map((c) => `t.${quoteIdent(c.name)}`).join(', ');
  const { rows } = await db.query<{ rows: number; checksum: string }>(
    `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as checksum
       from (select md5(row(${row})::text) as h from only ${qualified(table.schema, table.name)} t) hashes`,
  );
  return rows[0]!;
}

/** Postgres's FUNC_MAX_ARGS: unnest() takes at most this many arrays, one per column. */
const MAX_COLUMNS = 100;

/**
 * The source table's columns as the target has them: each value's text form is cast to the
 * column's type there. A table or column the migrations do not make stops the copy before any row
 * is written.
 */
function writeShape(source: TableShape, targetTables: readonly TableShape[], fail: CopyFailure): TableShape {
  const name = `${source.schema}.${source.name}`;
  const there = targetTables.find((t) => t.schema === source.schema && t.name === source.name);
  if (!there) throw fail(`table ${name} is in the source but not made by the migrations`);
  const columns = source.columns.map((c) => there.columns.find((tc) => tc.name === c.name));
  const missing = source.columns.filter((_, i) => !columns[i]).map((c) => c.name);
  if (missing.length) throw fail(`${name}: columns ${missing.join(', ')} are not made by the migrations`);
  if (columns.length > MAX_COLUMNS) throw fail(`${name} has ${columns.length} columns; this tool copies at most ${MAX_COLUMNS}`);
  return { ...there, columns: columns as Column[] };
}

/** Streams a table's rows out of PGlite in batches (a cursor), each value in its text form. */
async function* readRows(source: RowSource, table: TableShape): AsyncGenerator<(string | null)[][]> {
  const list = table.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
  await source.exec(`declare rows_out no scroll cursor for select ${list} from only ${qualified(table.schema, table.name)}`);
  try {
    for (;;) {
      const { rows } = await source.query<(string | null)[]>(`fetch ${BATCH_ROWS} from rows_out`, [], { rowMode: 'array' });
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await source.exec('close rows_out');
  }
}

/**
 * Writes one batch: a text array per column, unnested side by side into rows and each column cast
 * to its type. (node-postgres has no COPY FROM STDIN without another package; a bound array per
 * column moves a thousand rows in one statement all the same.)
 */
async function writeRows(target: Queryable, table: TableShape, batch: (string | null)[][]): Promise<void> {
  const cols = table.columns;
  const names = cols.map((c) => quoteIdent(c.name)).join(', ');
  const arrays = cols.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const aliases = cols.map((_, i) => `c${i}`).join(', ');
  const casts = cols.map((c, i) => `c${i}::${c.type}`).join(', ');
  const values = cols.map((_, i) => batch.map((row) => row[i] ?? null));
  await target.query(
    `insert into ${qualified(table.schema, table.name)} (${names})${table.alwaysIdentity ? ' overriding system value' : ''}
     select ${casts} from unnest(${arrays}) as u(${aliases})`,
    values,
  );
}

async function copySequences(source: Queryable, target: Queryable): Promise<number> {
  const { rows: sequences } = await source.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1, 2`);
  for (const s of sequences) {
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(s.schema, s.name)}`);
    await target.query('select setval($1::regclass, $2::bigint, $3)', [qualified(s.schema, s.name), rows[0]!.last_value, rows[0]!.is_called]);
  }
  return sequences.length;
}

/** Makes the caller's error (each tool names its own, and says what was left untouched). */
export type CopyFailure = (message: string, cause?: unknown) => Error;

export interface CopyRowsResult {
  tables: TableCheck[];
  sequences: number;
  verified: boolean;
}

/**
 * Every row and sequence of `source` into `target`, then each table compared. The target must be
 * inside a transaction with `session_replication_role = replica` (its triggers and foreign-key
 * checks asleep: rows arrive in any order and nothing a trigger would make is made twice), and
 * freshly migrated: the rows its migrations seeded (settings, buckets, tags…) are emptied first,
 * since the source's are copied as they are. The source is read in one repeatable-read snapshot.
 */
export async function copyRows(options: { source: Queryable; sourceCursor: RowSource; target: Queryable; fail: CopyFailure; log?: (line: string) => void }): Promise<CopyRowsResult> {
  const { source, sourceCursor, target, fail } = options;
  const sourceTables = await tablesOf(source);
  const targetTables = await tablesOf(target);
  const writeShapes = new Map(sourceTables.map((t) => [t, writeShape(t, targetTables, fail)]));
  if (targetTables.length) await target.query(`truncate ${targetTables.map((t) => qualified(t.schema, t.name)).join(', ')}`);

  await sourceCursor.exec('begin isolation level repeatable read read only');
  try {
    for (const t of sourceTables) {
      try {
        for await (const batch of readRows(sourceCursor, t)) await writeRows(target, writeShapes.get(t)!, batch);
      } catch (err) {
        // A row the target's constraints refuse: the source has drifted from what the migrations make.
        throw fail(`copying ${t.schema}.${t.name} failed: ${(err as Error).message}`, err);
      }
    }
    const sequences = await copySequences(source, target);
    options.log?.(`copied ${sourceTables.length} tables and ${sequences} sequences; verifying`);
    const tables: TableCheck[] = [];
    for (const t of sourceTables) {
      const from = await checksum(source, t);
      const to = await checksum(target, t);
      tables.push({
        table: `${t.schema}.${t.name}`,
        sourceRows: from.rows,
        targetRows: to.rows,
        sourceChecksum: from.checksum,
        targetChecksum: to.checksum,
        matches: from.rows === to.rows && from.checksum === to.checksum,
      });
    }
    return { tables, sequences, verified: tables.every((t) => t.matches) };
  } finally {
    await sourceCursor.exec('rollback');
  }
}

/** The verification as a table to print: one line per table, rows and checksums of both sides. */
export function formatChecks(tables: readonly TableCheck[]): string {
  const width = Math.max(5, ...tables.map((t) => t.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'rows'.padStart(7)}  ${'checksum (source)'.padEnd(32)}  result`];
  for (const t of tables) {
    const rows = t.sourceRows === t.targetRows ? String(t.sourceRows) : `${t.sourceRows}→${t.targetRows}`;
    const result = t.matches ? 'ok' : t.sourceRows !== t.targetRows ? 'ROW COUNT DIFFERS' : `CHECKSUM DIFFERS (target ${t.targetChecksum})`;
    lines.push(`${t.table.padEnd(width)}  ${rows.padStart(7)}  ${t.sourceChecksum}  ${result}`);
  }
  return lines.join('\n');
}
