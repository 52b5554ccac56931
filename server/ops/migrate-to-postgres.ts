import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Queryable } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { DiskBackend, type StorageBackend } from '../storage/backend.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';

/**
 * Moves a stopped PGlite DATA_DIR into an empty Postgres database (decision 240). Rows, not a dump:
 * PGlite is PostgreSQL 18 and the target may be older, so the schema comes from the migrations run
 * on the target and every row is copied by value, each column in its text form, cast back to the
 * column's type there. Everything written to the target (migrations, rows, sequences) is one
 * transaction, checked table by table before it commits: a failure or a mismatch leaves the target
 * database as empty as it was.
 */

export class MigrateToPostgresError extends Error {}

/** The migrations' own record, which migrate() writes on the target. */
const BOOKKEEPING_TABLE = 'platform.schema_migrations';

/** Rows per round trip: one bound text array per column, so the batch is not bounded by 65,535 parameters. */
const BATCH_ROWS = 1000;

/**
 * The same text form of every value on both sides (PGlite and Postgres default some of these
 * differently by build or by server), so the checksums compare values, not settings.
 */
const SESSION_SETTINGS = [`set timezone = 'UTC'`, `set datestyle = 'ISO, MDY'`, `set intervalstyle = 'postgres'`, `set extra_float_digits = 1`, `set bytea_output = 'hex'`];

export interface TableCheck {
  /** schema.table */
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  matches: boolean;
}

export interface MigrateToPostgresResult {
  tables: TableCheck[];
  sequences: number;
  /** Stored files copied into `filesTo` (none without it), and rows whose file was already missing. */
  files: { copied: number; missing: string[] };
  /** Whether every table matched; when false, nothing was committed. */
  verified: boolean;
}

export interface MigrateToPostgresOptions {
  /** The PGlite server's DATA_DIR; its lock is held throughout, so no server can start on it meanwhile. */
  dataDir: string;
  /** An empty Postgres database. */
  targetUrl: string;
  /**
   * Where the stored files go when they leave DATA_DIR/storage (an S3 bucket); omitted, they stay
   * where they are and the target server keeps the same DATA_DIR.
   */
  filesTo?: StorageBackend;
  /** Progress lines. */
  log?: (line: string) => void;
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
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

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

/** What makes a target database not empty: any schema but public, any relation in public, or a migrations record. */
async function whatIsInside(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ what: string }>(`
    select 'schema ' || n.nspname as what from pg_namespace n
     where ${SYSTEM_SCHEMAS} and n.nspname <> 'public'
    union all
    select 'table ' || n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    order by 1`);
  return rows.map((r) => r.what);
}

/**
 * migrate() on the target, inside the caller's transaction: each migration's own BEGIN/COMMIT
 * becomes a savepoint, so the migrations commit (or not) with the rows.
 */
function migrationsInside(client: pg.Client): Parameters<typeof migrate>[0] {
  const statements: Record<string, string> = { begin: 'savepoint migration', commit: 'release savepoint migration', rollback: 'rollback to savepoint migration' };
  const plain = targetQueryable(client);
  const conn: Queryable = { query: plain.query, exec: (sql) => plain.exec(statements[sql] ?? sql) };
  // One connection in one transaction: no other process can see the target before it commits.
  return { withAdvisoryLock: (_key, fn) => fn(conn) };
}

function targetQueryable(client: pg.Client): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Postgres's FUNC_MAX_ARGS: unnest() takes at most this many arrays, one per column. */
const MAX_COLUMNS = 100;

/**
 * The source table's columns as the target has them: each value's text form is cast to the
 * column's type there. A table or column the migrations do not make stops the move before any row
 * is written.
 */
function writeShape(source: TableShape, targetTables: readonly TableShape[]): TableShape {
  const name = `${source.schema}.${source.name}`;
  const there = targetTables.find((t) => t.schema === source.schema && t.name === source.name);
  if (!there) throw new MigrateToPostgresError(`table ${name} is in the source but not made by the migrations`);
  const columns = source.columns.map((c) => there.columns.find((tc) => tc.name === c.name));
  const missing = source.columns.filter((_, i) => !columns[i]).map((c) => c.name);
  if (missing.length) throw new MigrateToPostgresError(`${name}: columns ${missing.join(', ')} are not made by the migrations`);
  if (columns.length > MAX_COLUMNS) throw new MigrateToPostgresError(`${name} has ${columns.length} columns; this tool copies at most ${MAX_COLUMNS}`);
  return { ...there, columns: columns as Column[] };
}

/** Streams a table's rows out of PGlite in batches (a cursor), each value in its text form. */
async function* readRows(pglite: PGlite, table: TableShape): AsyncGenerator<(string | null)[][]> {
  const list = table.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
  await pglite.exec(`declare rows_out no scroll cursor for select ${list} from only ${qualified(table.schema, table.name)}`);
  try {
    for (;;) {
      const { rows } = await pglite.query<(string | null)[]>(`fetch ${BATCH_ROWS} from rows_out`, [], { rowMode: 'array' });
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await pglite.exec('close rows_out');
  }
}

/**
 * Writes one batch: a text array per column, unnested side by side into rows and each column cast
 * to its type. (node-postgres has no COPY FROM STDIN without another package; a bound array per
 * column moves a thousand rows in one statement all the same.)
 */
async function writeRows(client: pg.Client, table: TableShape, batch: (string | null)[][]): Promise<void> {
  const cols = table.columns;
  const names = cols.map((c) => quoteIdent(c.name)).join(', ');
  const arrays = cols.map((_, i) => `$${i + 1}::text[]`).join(', ');
  const aliases = cols.map((_, i) => `c${i}`).join(', ');
  const casts = cols.map((c, i) => `c${i}::${c.type}`).join(', ');
  const values = cols.map((_, i) => batch.map((row) => row[i] ?? null));
  await client.query(
    `insert into ${qualified(table.schema, table.name)} (${names})${table.alwaysIdentity ? ' overriding system value' : ''}
     select ${casts} from unnest(${arrays}) as u(${aliases})`,
    values,
  );
}

async function copySequences(source: Queryable, target: pg.Client): Promise<number> {
  const { rows: sequences } = await source.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1, 2`);
  for (const s of sequences) {
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(s.schema, s.name)}`);
    await target.query('select setval($1::regclass, $2::bigint, $3)', [qualified(s.schema, s.name), rows[0]!.last_value, rows[0]!.is_called]);
  }
  return sequences.length;
}

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Puts every object a row names, from DATA_DIR/storage into the other backend, under the version
 * its row names (an upload's version is given on every backend, so the rows need no change).
 * A row whose file is already gone is reported, not fatal: the old server answered 404 for it too.
 */
async function copyFiles(source: Queryable, dataDir: string, to: StorageBackend): Promise<{ copied: number; missing: string[] }> {
  const disk = new DiskBackend(dataDir);
  const { rows } = await source.query<{ bucket: string; key: string; version: string | null; content_type: string }>(
    `select bucket_id as bucket, name as key, version, coalesce(metadata->>'mimetype', 'application/octet-stream') as content_type
       from storage.objects order by bucket_id, name`,
  );
  const missing: string[] = [];
  for (const row of rows) {
    const path = disk.pathFor(row.bucket, row.key);
    if (!existsSync(path)) {
      missing.push(`${row.bucket}/${row.key}`);
      continue;
    }
    // The file itself is the staged file: put() only reads it.
    const change = await to.put({ bucket: row.bucket, key: row.key, version: row.version }, { path, size: statSync(path).size, md5: await md5Of(path) }, row.content_type);
    await change.finalize();
  }
  return { copied: rows.length - missing.length, missing };
}

/**
 * Copies the PGlite database under `dataDir` into the empty Postgres database at `targetUrl`.
 * Throws MigrateToPostgresError while a server holds DATA_DIR, for a target that is not empty, a
 * source this version has not fully migrated, or a row the target refuses; answers verified:
 * false (having committed nothing) when a table's rows differ after the copy.
 */
export async function migrateToPostgres(options: MigrateToPostgresOptions): Promise<MigrateToPostgresResult> {
  const log = options.log ?? (() => undefined);
  const pgliteDir = join(options.dataDir, 'pglite');
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new MigrateToPostgresError(`no PGlite database in ${options.dataDir} (expected ${pgliteDir})`);
  // Before anything is opened: a running server's files are never read half-written.
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(options.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const { holder } = err;
    throw new MigrateToPostgresError(
      `DATA_DIR ${options.dataDir} is in use by process ${holder.pid} on ${holder.host}${holder.port ? ` (serving port ${holder.port})` : ''}: stop the server first, the move copies a stopped DATA_DIR; nothing was changed`,
    );
  }
  const target = new pg.Client({ connectionString: options.targetUrl });
  let source: Awaited<ReturnType<typeof openPglite>> | undefined;
  try {
    try {
      await target.connect();
    } catch (err) {
      throw new MigrateToPostgresError(`cannot connect to the target database: ${(err as Error).message}`);
    }
    const inside = await whatIsInside(target);
    if (inside.length > 0) {
      const shown = inside.slice(0, 5).join(', ') + (inside.length > 5 ? ` and ${inside.length - 5} more` : '');
      throw new MigrateToPostgresError(`the target database is not empty (${shown}): give an empty database (createdb <name>); nothing was changed`);
    }
    source = await openPglite({ dataDir: pgliteDir });
    const sourceDb: Queryable = source;
    const applied = (await sourceDb.query<{ name: string }>(`select name from ${BOOKKEEPING_TABLE} order by name`)).rows.map((r) => r.name);
    const known = readMigrations().map((m) => m.name);
    const missing = known.filter((m) => !applied.includes(m));
    const unknown = applied.filter((m) => !known.includes(m));
    if (unknown.length) throw new MigrateToPostgresError(`DATA_DIR was migrated by a newer version (${unknown.join(', ')}): run this tool from that version`);
    if (missing.length) throw new MigrateToPostgresError(`DATA_DIR lacks migrations of this version (${missing.join(', ')}): start the server on it once, stop it, then move it`);

    for (const s of SESSION_SETTINGS) {
      await source.pglite.exec(s);
      await target.query(s);
    }
    await target.query('begin');
    try {
      log('applying the migrations on the target');
      await migrate(migrationsInside(target)).catch((err: Error) => {
        throw new MigrateToPostgresError(`${err.message}; nothing was committed, the target is as empty as before`, { cause: err });
      });
      // From here on the target's triggers and foreign-key checks sleep: rows arrive in any order,
      // and nothing a trigger would make (notifications, outbox, realtime changes) is made twice.
      await target.query('set local session_replication_role = replica').catch((err: Error) => {
        throw new MigrateToPostgresError(`${err.message}: connect as a role that may set session_replication_role (a superuser); nothing was committed`, { cause: err });
      });
      const targetDb = targetQueryable(target);
      const sourceTables = await tablesOf(sourceDb);
      const targetTables = await tablesOf(targetDb);
      const writeShapes = new Map(sourceTables.map((t) => [t, writeShape(t, targetTables)]));
      // Rows the migrations seeded (settings, buckets, tags…) are the source's now, as they are.
      if (targetTables.length) await target.query(`truncate ${targetTables.map((t) => qualified(t.schema, t.name)).join(', ')}`);

      await source.pglite.exec('begin isolation level repeatable read read only');
      try {
        for (const t of sourceTables) {
          try {
            for await (const batch of readRows(source.pglite, t)) await writeRows(target, writeShapes.get(t)!, batch);
          } catch (err) {
            // A row the target's constraints refuse: the source has drifted from what the migrations make.
            throw new MigrateToPostgresError(`copying ${t.schema}.${t.name} failed: ${(err as Error).message}; nothing was committed, the target is as empty as before`, { cause: err });
          }
        }
        const sequences = await copySequences(sourceDb, target);
        log(`copied ${sourceTables.length} tables and ${sequences} sequences; verifying`);
        const tables: TableCheck[] = [];
        for (const t of sourceTables) {
          const from = await checksum(sourceDb, t);
          const to = await checksum(targetDb, t);
          tables.push({
            table: `${t.schema}.${t.name}`,
            sourceRows: from.rows,
            targetRows: to.rows,
            sourceChecksum: from.checksum,
            targetChecksum: to.checksum,
            matches: from.rows === to.rows && from.checksum === to.checksum,
          });
        }
        const verified = tables.every((t) => t.matches);
        let files = { copied: 0, missing: [] as string[] };
        // Before the commit: a failed copy leaves the target empty, and the bytes it did put are
        // named by no row there (the orphan sweep of a server on that bucket removes them).
        if (verified && options.filesTo) {
          log('copying the stored files');
          files = await copyFiles(sourceDb, options.dataDir, options.filesTo);
        }
        await target.query(verified ? 'commit' : 'rollback');
        return { tables, sequences, files, verified };
      } finally {
        await source.pglite.exec('rollback');
      }
    } catch (err) {
      await target.query('rollback').catch(() => undefined);
      throw err;
    }
  } finally {
    await target.end().catch(() => undefined);
    await source?.close();
    lock.release();
  }
}

/** A shell word: single-quoted, so nothing in it is expanded. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The command that starts the server on the target. The JWT secret is not printed: it is read
 * from DATA_DIR/jwt-secret where the PGlite server kept it (or is the JWT_SECRET it was given),
 * so the keys and sessions it signed stay valid. The URL's password is masked for the same reason.
 */
export function startCommand(dataDir: string, targetUrl: string): string {
  const url = new URL(targetUrl);
  if (url.password) url.password = '****';
  const secretFile = join(dataDir, 'jwt-secret');
  const secret = existsSync(secretFile) ? `JWT_SECRET="$(cat ${shellWord(secretFile)})"` : 'JWT_SECRET=<the JWT_SECRET the PGlite server ran with>';
  return `DATABASE_URL=${shellWord(url.toString())} DATA_DIR=${shellWord(dataDir)} ${secret} npm start`;
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
