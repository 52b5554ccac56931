import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import * as tar from 'tar';
import type { Database } from '../db/database.ts';
import { BackupPassphraseError, decryptFile, isEncryptedBackup } from './backup-crypto.ts';
import { openPglite } from '../db/pglite.ts';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * A backup is one .tar.gz: manifest.json, database.tar.gz (PGlite's own dump of its data
 * directory, consistent because PGlite runs one statement at a time) and storage/ (the object
 * files, without staging and the thumbnail cache, taken at the same moment as the dump) and jwt-secret (so the keys and sessions stay
 * valid after a restore). On Postgres the database is backed up with pg_dump instead, and objects
 * in S3 with the bucket's own versioning or replication; the manifest says what is inside.
 * A scheduled backup (decision 245) on Postgres also holds database.pgdump (pg_dump's custom
 * format, taken in the same snapshot as the row counts) when pg_dump is installed.
 */
export const BACKUP_FORMAT = 'ai-showcase-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** 'pglite': database.tar.gz is inside; 'postgres': back the database up with pg_dump. */
  database: 'pglite' | 'postgres';
  /** 'disk': storage/ is inside; 's3': the objects stay in the bucket. */
  storage: 'disk' | 's3';
  migrations: string[];
  /** Rows per table ("schema.table") at the backup's moment, for the restore test (decision 247). */
  rowCounts?: Record<string, number>;
  /** Postgres: 'included' (database.pgdump is inside) or why it is not. */
  pgDump?: string;
}

export interface BackupSource {
  db: Database;
  dataDir: string;
  storageKind: 'disk' | 's3';
  /** Postgres: the connection pg_dump uses; without it (or without pg_dump) the manifest says so. */
  databaseUrl?: string;
  /** Postgres: run pg_dump (scheduled backups do; the manual one leaves it to the operator). */
  withPgDump?: boolean;
  /** Told the manifest once it is written (the job records the row counts it holds). */
  onManifest?: (manifest: BackupManifest) => void;
}

/** What countRows reads through: a connection, a transaction, or PGlite's own transaction. */
type RowReader = { query<T>(sql: string): Promise<{ rows: T[] }> };

/** Ordinary tables (not unlogged: a restore starts them empty), as "schema.table", and their rows. */
export async function countRows(db: RowReader): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and c.relpersistence = 'p'
        and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  const quote = (id: string) => `"${id.replaceAll('"', '""')}"`;
  for (const t of tables) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${quote(t.schema)}.${quote(t.name)}`);
    counts[`${t.schema}.${t.name}`] = rows[0]!.n;
  }
  return counts;
}

/** libpq's environment for a postgres:// URL, so no password appears in a process's arguments. */
export function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: decodeURIComponent(u.hostname), PGPORT: u.port || '5432', PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Whether a program is on PATH (pg_dump, pg_restore). */
export function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, program)));
}

/** Runs a program to completion; rejects with its stderr when it fails. */
export function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv = process.env, onStdout?: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    if (onStdout) child.stdout!.on('data', onStdout);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${stderr.trim().slice(0, 500)}`))));
  });
}

function pgliteOf(db: Database): PGlite | undefined {
  return db.kind === 'pglite' ? (db as Database & { pglite: PGlite }).pglite : undefined;
}

/** Directories under DATA_DIR/storage that are work in progress or caches, never backed up. */
const SKIPPED = /^storage\/\.(staging|derived)(\/|$)/;

/**
 * Links every object file under `from` (not staging, not the thumbnail cache) into `to`, copying
 * when the two are on different file systems.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = relative(from, path);
    if (SKIPPED.test(`storage/${rel}`)) continue;
    const target = join(to, rel);
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(path, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted by a rollback meanwhile: no row names it
      if (code !== 'EXDEV' && code !== 'EPERM') throw err;
      copyFileSync(path, target);
    }
  }
}

/** Streams a backup of the running server's data. The database is dumped first, then the files. */
export async function createBackup(source: BackupSource): Promise<Readable> {
  const work = mkdtempSync(join(source.dataDir, '.backup-'));
  try {
    const entries = ['manifest.json'];
    const pglite = pgliteOf(source.db);
    const storageDir = join(source.dataDir, 'storage');
    const withFiles = source.storageKind === 'disk' && existsSync(storageDir);
    // One moment for rows and files: the disk store changes its files only inside a transaction
    // (rename over, or into trash, while the row is locked), so while no transaction can run the
    // files are exactly those the committed rows name. A hard link keeps each file's bytes as they
    // are now: an upload after this renames a new file over the name and leaves the linked one
    // alone. Links take milliseconds; packing them happens after writers are let go.
    const snapshot = async () => {
      if (pglite) {
        const dump = await pglite.dumpDataDir('gzip');
        writeFileSync(join(work, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
        entries.push('database.tar.gz');
      }
      if (withFiles) {
        linkTree(storageDir, join(work, 'storage'));
        entries.push('storage');
      }
    };
    let rowCounts: Record<string, number> | undefined;
    let pgDump: string | undefined;
    if (pglite) {
      // PGlite's transaction() holds the same mutex every query and transaction waits on, so
      // nothing commits between the counts, the dump and the file links: one moment (F1).
      await pglite.transaction(async (tx) => {
        rowCounts = await countRows(tx);
        await snapshot();
      });
    } else if (source.withPgDump) {
      // One snapshot for the counts and pg_dump (--snapshot): the restore test compares like with like.
      if (!source.databaseUrl) pgDump = 'not taken: no DATABASE_URL to give pg_dump';
      else if (!onPath('pg_dump')) pgDump = 'not taken: pg_dump is not installed (not on PATH)';
      await source.db.transaction(
        async (tx) => {
          await tx.query('set transaction isolation level repeatable read');
          const { rows } = await tx.query<{ id: string }>('select pg_catalog.pg_export_snapshot() as id');
          rowCounts = await countRows(tx);
          if (!pgDump) {
            // The connection goes in the environment, not the arguments (ps would show a password).
            await runProgram('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${join(work, 'database.pgdump')}`, '--no-owner'], pgEnv(source.databaseUrl!));
            chmodSync(join(work, 'database.pgdump'), 0o600);
            entries.push('database.pgdump');
            pgDump = 'included';
          }
          await snapshot();
        },
        { readOnly: true },
      );
    } else await snapshot();
    const secret = join(source.dataDir, 'jwt-secret');
    if (existsSync(secret)) {
      copyFileSync(secret, join(work, 'jwt-secret'));
      entries.push('jwt-secret');
    }
    const { rows } = await source.db.query<{ name: string }>('select name from platform.schema_migrations order by name');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: pglite ? 'pglite' : 'postgres',
      storage: source.storageKind,
      migrations: rows.map((r) => r.name),
      ...(rowCounts ? { rowCounts } : {}),
      ...(pgDump ? { pgDump } : {}),
    };
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    source.onManifest?.(manifest);
    const pack = tar.c({ gzip: true, cwd: work, portable: true }, entries);
    // node-tar streams are minipass streams; hand out a Node Readable.
    const out = new PassThrough();
    const cleanup = () => rmSync(work, { recursive: true, force: true });
    pack.on('end', cleanup);
    pack.on('error', (err: unknown) => {
      cleanup();
      out.destroy(err as Error);
    });
    pack.pipe(out);
    return out;
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}

export class RestoreError extends Error {}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((d) => d.isFile()).length;
}

export interface RestoreOptions {
  /** The passphrase of an encrypted backup (BACKUP_PASSPHRASE). */
  passphrase?: string;
}

/**
 * Restores a backup into DATA_DIR, which must be empty (or not exist) and not in use: a restore
 * never mixes with live data. The directory is locked meanwhile, so a server cannot start on it.
 * An encrypted backup is first decrypted whole, every chunk verified, beside DATA_DIR; a wrong
 * passphrase or a damaged file stops the restore before DATA_DIR is created.
 */
export async function restoreBackup(file: string, dataDir: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(`DATA_DIR ${dataDir} is not empty: restore into a new, empty directory (and point DATA_DIR at it)`);
  }
  if (!(await isEncryptedBackup(file))) return restorePlain(file, dataDir);
  if (!options.passphrase) throw new RestoreError(`${file} is encrypted: give its passphrase (BACKUP_PASSPHRASE, or --passphrase-file)`);
  mkdirSync(dirname(dataDir), { recursive: true });
  const scratch = mkdtempSync(join(dirname(dataDir), `.${basename(dataDir)}-decrypt-`));
  try {
    const plain = join(scratch, 'backup.tar.gz');
    try {
      await decryptFile(file, plain, options.passphrase);
    } catch (err) {
      if (err instanceof BackupPassphraseError) throw new RestoreError(`cannot restore ${file}: ${err.message}; nothing was restored`);
      throw err;
    }
    return await restorePlain(plain, dataDir, file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function restorePlain(file: string, dataDir: string, named = file): Promise<RestoreResult> {
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  const work = join(dataDir, '.restore');
  try {
    mkdirSync(work);
    await tar.x({ file, cwd: work, strict: true });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(readFileSync(join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new RestoreError(`${named} is not a backup of this product (no manifest.json)`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new RestoreError(`${named} is not a backup this version can restore`);
    if (manifest.database === 'pglite') {
      const dump = new Blob([readFileSync(join(work, 'database.tar.gz'))]);
      const db = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: dump });
      await db.close();
    }
    if (existsSync(join(work, 'database.pgdump'))) {
      renameSync(join(work, 'database.pgdump'), join(dataDir, 'database.pgdump'));
      chmodSync(join(dataDir, 'database.pgdump'), 0o600);
    }
    if (existsSync(join(work, 'storage'))) renameSync(join(work, 'storage'), join(dataDir, 'storage'));
    if (existsSync(join(work, 'jwt-secret'))) {
      renameSync(join(work, 'jwt-secret'), join(dataDir, 'jwt-secret'));
      chmodSync(join(dataDir, 'jwt-secret'), 0o600);
    }
    return { manifest, files: countFiles(join(dataDir, 'storage')) };
  } catch (err) {
    // Leave nothing half-restored behind.
    lock.release();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(work, { recursive: true, force: true });
    lock.release();
  }
}
