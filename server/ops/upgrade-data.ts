import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { dataDirPostgresMajor, PGLITE_POSTGRES_MAJOR, PGLITE_VERSION, readRecordedVersion, recordPgliteVersion } from '../db/pglite-version.ts';
import { BOOKKEEPING_TABLE, copyRows, SESSION_SETTINGS, type RowSource, type TableCheck } from './copy-rows.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';

/**
 * Brings a PGlite DATA_DIR written by an older PostgreSQL major to the one this version runs
 * (decision 267). A data directory opens only with the major that wrote it, so the old PGlite,
 * kept as a pinned package under an npm alias, reads it, and every row is copied into a new
 * directory that this version's PGlite makes with the same migrations the old one had applied
 * (the server applies any newer ones at its next start, as after any update). The new directory
 * takes the old one's place only once every table's rows and checksum match; the old one is kept
 * beside it as `pglite-pg<major>`, untouched, until the operator deletes it.
 */

export class UpgradeDataError extends Error {}

/** A PGlite of an older major, loaded only when a directory needs it (it is 26 MB of WASM). */
interface OldEngine {
  pglite: string;
  open(dir: string): Promise<RowSource & { query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>; close(): Promise<void> }>;
}

const OLD_ENGINES: Record<number, () => Promise<OldEngine>> = {
  // PGlite 0.4.6 is the last release on PostgreSQL 17 (package.json: "pglite-pg17").
  17: async () => {
    const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([import('pglite-pg17'), import('pglite-pg17/contrib/pg_trgm'), import('pglite-pg17/contrib/unaccent')]);
    return {
      pglite: '0.4.6',
      async open(dir) {
        const db = new PGlite({ dataDir: dir, extensions: { pg_trgm, unaccent } });
        await db.waitReady;
        return db;
      },
    };
  },
};

export interface UpgradeDataResult {
  /** The directory was already this version's major: nothing was done. */
  upToDate: boolean;
  from: { postgres: number; pglite: string | null };
  to: { postgres: number; pglite: string };
  tables: TableCheck[];
  sequences: number;
  /** Where the old directory was kept. */
  keptAs: string | null;
}

function plain(db: { query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>; exec(sql: string): Promise<unknown> }): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const r = await db.query<Row>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** A free name for the kept directory: pglite-pg17, else pglite-pg17-2, … */
function keptName(dataDir: string, major: number): string {
  for (let i = 1; ; i++) {
    const candidate = join(dataDir, i === 1 ? `pglite-pg${major}` : `pglite-pg${major}-${i}`);
    if (!existsSync(candidate)) return candidate;
  }
}

export async function upgradeData(options: { dataDir: string; log?: (line: string) => void }): Promise<UpgradeDataResult> {
  const log = options.log ?? (() => undefined);
  const pgliteDir = join(options.dataDir, 'pglite');
  const major = dataDirPostgresMajor(pgliteDir);
  if (major === null) throw new UpgradeDataError(`no PGlite database in ${options.dataDir} (expected ${pgliteDir}/PG_VERSION)`);
  const recorded = readRecordedVersion(options.dataDir);
  const from = { postgres: major, pglite: recorded?.postgres === major ? recorded.pglite : null };
  const to = { postgres: PGLITE_POSTGRES_MAJOR, pglite: PGLITE_VERSION };
  if (major === PGLITE_POSTGRES_MAJOR) return { upToDate: true, from, to, tables: [], sequences: 0, keptAs: null };
  if (major > PGLITE_POSTGRES_MAJOR) {
    throw new UpgradeDataError(`${pgliteDir} was written by PostgreSQL ${major}, newer than this version's ${PGLITE_POSTGRES_MAJOR}: run the release that wrote it; nothing was changed`);
  }
  const engine = OLD_ENGINES[major];
  if (!engine) {
    throw new UpgradeDataError(
      `${pgliteDir} was written by PostgreSQL ${major}; this version can upgrade from ${Object.keys(OLD_ENGINES).map((m) => `PostgreSQL ${m}`).join(', ')} only. Upgrade through an earlier release first; nothing was changed`,
    );
  }

  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(options.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const { holder } = err;
    throw new UpgradeDataError(`DATA_DIR ${options.dataDir} is in use by process ${holder.pid} on ${holder.host}: stop the server first; nothing was changed`);
  }
  const newDir = join(options.dataDir, 'pglite.upgrading');
  // A directory left by an interrupted run is ours and incomplete: start it again.
  rmSync(newDir, { recursive: true, force: true });
  let source: Awaited<ReturnType<OldEngine['open']>> | undefined;
  let target: Awaited<ReturnType<typeof openPglite>> | undefined;
  let verified = false;
  try {
    log(`opening ${pgliteDir} with PGlite ${(await engine()).pglite} (PostgreSQL ${major})`);
    source = await (await engine()).open(pgliteDir);
    const sourceDb = plain(source);
    const applied = new Set((await sourceDb.query<{ name: string }>(`select name from ${BOOKKEEPING_TABLE}`)).rows.map((r) => r.name));
    const known = readMigrations();
    const unknown = [...applied].filter((name) => !known.some((m) => m.name === name));
    if (unknown.length) throw new UpgradeDataError(`DATA_DIR was migrated by a newer release (${unknown.join(', ')}): upgrade with that release; nothing was changed`);

    log(`making a PostgreSQL ${PGLITE_POSTGRES_MAJOR} database with the ${applied.size} migrations it had`);
    target = await openPglite({ dataDir: newDir });
    await migrate(target, known.filter((m) => applied.has(m.name)));
    const targetDb = plain(target.pglite);
    for (const s of SESSION_SETTINGS) {
      await source.exec(s);
      await targetDb.exec(s);
    }
    await targetDb.exec('begin');
    // Triggers and foreign-key checks asleep while the rows arrive in any order (copyRows).
    await targetDb.exec('set local session_replication_role = replica');
    const copied = await copyRows({
      source: sourceDb,
      sourceCursor: source,
      target: targetDb,
      log,
      fail: (message, cause) => new UpgradeDataError(`${message}; nothing was changed`, { cause }),
    });
    verified = copied.verified;
    await targetDb.exec(verified ? 'commit' : 'rollback');
    if (verified) await target.checkpoint();
    await target.close();
    target = undefined;
    await source.close();
    source = undefined;
    if (!verified) return { upToDate: false, from, to, tables: copied.tables, sequences: copied.sequences, keptAs: null };

    const keptAs = keptName(options.dataDir, major);
    renameSync(pgliteDir, keptAs);
    renameSync(newDir, pgliteDir);
    recordPgliteVersion(options.dataDir);
    return { upToDate: false, from, to, tables: copied.tables, sequences: copied.sequences, keptAs };
  } finally {
    await target?.close().catch(() => undefined);
    await source?.close().catch(() => undefined);
    if (!verified) rmSync(newDir, { recursive: true, force: true });
    lock.release();
  }
}
