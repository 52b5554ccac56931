import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import * as tar from 'tar';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * A backup is one .tar.gz: manifest.json, database.tar.gz (PGlite's own dump of its data
 * directory, consistent because PGlite runs one statement at a time) and storage/ (the object
 * files, without staging and the thumbnail cache, taken at the same moment as the dump) and jwt-secret (so the keys and sessions stay
 * valid after a restore). On Postgres the database is backed up with pg_dump instead, and objects
 * in S3 with the bucket's own versioning or replication; the manifest says what is inside.
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
}

export interface BackupSource {
  db: Database;
  dataDir: string;
  storageKind: 'disk' | 's3';
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
    if (pglite) await pglite._runExclusiveTransaction(snapshot);
    else await snapshot();
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
    };
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
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

/**
 * Restores a backup into DATA_DIR, which must be empty (or not exist) and not in use: a restore
 * never mixes with live data. The directory is locked meanwhile, so a server cannot start on it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(`DATA_DIR ${dataDir} is not empty: restore into a new, empty directory (and point DATA_DIR at it)`);
  }
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
      throw new RestoreError(`${file} is not a backup of this product (no manifest.json)`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new RestoreError(`${file} is not a backup this version can restore`);
    if (manifest.database === 'pglite') {
      const dump = new Blob([readFileSync(join(work, 'database.tar.gz'))]);
      const db = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: dump });
      await db.close();
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
