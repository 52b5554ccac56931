import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which PGlite (and so which PostgreSQL major) wrote a DATA_DIR (decision 267). A PostgreSQL data
 * directory opens only with the major that wrote it; PGlite 0.5 is PostgreSQL 18, 0.4 was 17. A
 * newer release of this app may bring a PGlite of another major, and opening an old directory with
 * it fails deep inside the WASM build with no useful word. So the server reads the directory's
 * PG_VERSION before opening it and says what to do, and records the PGlite version beside it.
 */

/** The PostgreSQL major of the PGlite this version runs (a unit test holds it to the package). */
export const PGLITE_POSTGRES_MAJOR = 18;

/** The PGlite package version this version runs, as package.json pins it. */
export const PGLITE_VERSION: string = (() => {
  const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return pkg.dependencies['@electric-sql/pglite']!;
})();

/** What DATA_DIR/pglite-version.json says: written at each start on PGlite and by upgrade:data. */
export interface RecordedPgliteVersion {
  pglite: string;
  postgres: number;
}

export class PgliteVersionError extends Error {}

const RECORD = 'pglite-version.json';

/** The PostgreSQL major that wrote a PGlite data directory, or null for a new (empty) one. */
export function dataDirPostgresMajor(pgliteDir: string): number | null {
  const file = join(pgliteDir, 'PG_VERSION');
  if (!existsSync(file)) return null;
  return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
}

export function readRecordedVersion(dataDir: string): RecordedPgliteVersion | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, RECORD), 'utf8')) as RecordedPgliteVersion;
  } catch {
    return null;
  }
}

export function recordPgliteVersion(dataDir: string, version: RecordedPgliteVersion = { pglite: PGLITE_VERSION, postgres: PGLITE_POSTGRES_MAJOR }): void {
  writeFileSync(join(dataDir, RECORD), `${JSON.stringify(version)}\n`);
}

/** Throws a PgliteVersionError saying what to do when this PGlite cannot open `pgliteDir`. */
export function assertPgliteCanOpen(pgliteDir: string): void {
  const major = dataDirPostgresMajor(pgliteDir);
  if (major === null || major === PGLITE_POSTGRES_MAJOR) return;
  const dataDir = dirname(pgliteDir);
  const recorded = readRecordedVersion(dataDir);
  const writer = `PostgreSQL ${major}${recorded && recorded.postgres === major ? ` (PGlite ${recorded.pglite})` : ''}`;
  const running = `this version runs PGlite ${PGLITE_VERSION}, PostgreSQL ${PGLITE_POSTGRES_MAJOR}, which cannot open it`;
  if (major < PGLITE_POSTGRES_MAJOR) {
    throw new PgliteVersionError(
      `The database in ${pgliteDir} was written by ${writer}; ${running}. Nothing was changed. ` +
        `Upgrade it once with: DATA_DIR=${dataDir} npm run upgrade:data (it copies every row into a PostgreSQL ${PGLITE_POSTGRES_MAJOR} database and keeps the old one beside it), then start the server again.`,
    );
  }
  throw new PgliteVersionError(
    `The database in ${pgliteDir} was written by ${writer}, newer than this version (PGlite ${PGLITE_VERSION}, PostgreSQL ${PGLITE_POSTGRES_MAJOR}). Nothing was changed: run the release that wrote it, or restore a backup made for this one.`,
  );
}
