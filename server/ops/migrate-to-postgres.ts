import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { Queryable } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { DiskBackend, type StorageBackend } from '../storage/backend.ts';
import { BOOKKEEPING_TABLE, copyRows, SESSION_SETTINGS, SYSTEM_SCHEMAS, type TableCheck } from './copy-rows.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';

export { formatChecks, type TableCheck } from './copy-rows.ts';

/**
 * Moves a stopped PGlite DATA_DIR into an empty Postgres database (decision 240). Rows, not a dump:
 * PGlite is PostgreSQL 18 and the target may be older, so the schema comes from the migrations run
 * on the target and every row is copied by value, each column in its text form, cast back to the
 * column's type there. Everything written to the target (migrations, rows, sequences) is one
 * transaction, checked table by table before it commits: a failure or a mismatch leaves the target
 * database as empty as it was.
 */

export class MigrateToPostgresError extends Error {}

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
      const { tables, sequences, verified } = await copyRows({
        source: sourceDb,
        sourceCursor: source.pglite,
        target: targetQueryable(target),
        log,
        fail: (message, cause) => new MigrateToPostgresError(`${message}; nothing was committed, the target is as empty as before`, { cause }),
      });
      let files = { copied: 0, missing: [] as string[] };
      // Before the commit: a failed copy leaves the target empty, and the bytes it did put are
      // named by no row there (the orphan sweep of a server on that bucket removes them).
      if (verified && options.filesTo) {
        log('copying the stored files');
        files = await copyFiles(sourceDb, options.dataDir, options.filesTo);
      }
      await target.query(verified ? 'commit' : 'rollback');
      return { tables, sequences, files, verified };
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
