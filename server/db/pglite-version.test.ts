import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPgliteCanOpen, PGLITE_POSTGRES_MAJOR, PGLITE_VERSION, PgliteVersionError, recordPgliteVersion } from './pglite-version.ts';

const root = mkdtempSync(join(tmpdir(), 'pglite-version-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dataDirWritten(by: number, name: string): string {
  const dir = join(root, name, 'pglite');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'PG_VERSION'), `${by}\n`);
  return dir;
}

describe('which PGlite can open a DATA_DIR (decision 267)', () => {
  it('the PostgreSQL major named here is the one the installed PGlite runs', async () => {
    const db = new PGlite();
    const { rows } = await db.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    await db.close();
    expect(Math.floor(Number(rows[0]!.v) / 10000)).toBe(PGLITE_POSTGRES_MAJOR);
    expect(PGLITE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  }, 120_000);

  it('a new directory and one of this major open; an older one is told to upgrade, a newer one to use its release', () => {
    expect(() => assertPgliteCanOpen(join(root, 'new', 'pglite'))).not.toThrow();
    expect(() => assertPgliteCanOpen(dataDirWritten(PGLITE_POSTGRES_MAJOR, 'same'))).not.toThrow();

    const older = dataDirWritten(PGLITE_POSTGRES_MAJOR - 1, 'older');
    recordPgliteVersion(join(root, 'older'), { pglite: '0.4.6', postgres: PGLITE_POSTGRES_MAJOR - 1 });
    expect(() => assertPgliteCanOpen(older)).toThrow(PgliteVersionError);
    expect(() => assertPgliteCanOpen(older)).toThrow(`was written by PostgreSQL ${PGLITE_POSTGRES_MAJOR - 1} (PGlite 0.4.6)`);
    expect(() => assertPgliteCanOpen(older)).toThrow(`DATA_DIR=${join(root, 'older')} npm run upgrade:data`);

    expect(() => assertPgliteCanOpen(dataDirWritten(PGLITE_POSTGRES_MAJOR + 1, 'newer'))).toThrow('run the release that wrote it');
  });
});
