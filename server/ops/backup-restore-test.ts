import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../db/pglite.ts';
import { countRows, onPath, restoreBackup, runProgram, type BackupManifest } from './backup.ts';

export interface RestoreTestResult {
  ok: boolean;
  detail: string;
}

/** The differences between the rows counted at backup time and after the restore, named. */
function compare(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const wrong: string[] = [];
  for (const [table, rows] of Object.entries(expected)) {
    const got = actual[table] ?? 0;
    if (got !== rows) wrong.push(`${table}: ${rows} rows at backup, ${got} restored`);
  }
  return wrong;
}

/**
 * Rows per table in a pg_dump archive, read by pg_restore as SQL without a database: each table's
 * data is one COPY … FROM stdin block, one line a row (COPY's text form escapes newlines).
 */
async function countDumpRows(archive: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let table: string | undefined;
  let carry = '';
  const unquote = (id: string) => (id.startsWith('"') ? id.slice(1, -1).replaceAll('""', '"') : id);
  await runProgram('pg_restore', ['--data-only', '--file=-', archive], process.env, (chunk) => {
    const lines = (carry + chunk.toString('utf8')).split('\n');
    carry = lines.pop()!;
    for (const line of lines) {
      if (table === undefined) {
        const m = /^COPY ((?:"(?:[^"]|"")+"|[^ ."]+))\.((?:"(?:[^"]|"")+"|[^ ."(]+)) .*FROM stdin;$/.exec(line);
        if (m) {
          table = `${unquote(m[1]!)}.${unquote(m[2]!)}`;
          counts[table] = 0;
        }
      } else if (line === '\\.') table = undefined;
      else counts[table]!++;
    }
  });
  return counts;
}

/**
 * The restore test of a backup (decision 247): restore it into a scratch directory as an operator
 * would, then count. PGlite: open the restored database and compare every table's rows with those
 * counted at the backup's moment. Postgres: read the whole pg_dump archive with pg_restore and
 * compare the rows of each table's data; no scratch database is created, so what is verified is
 * the archive's integrity and contents, not a full load into a server. The scratch directory is
 * removed afterwards, whatever the outcome.
 */
export async function restoreTest(file: string, scratchParent: string, passphrase?: string): Promise<RestoreTestResult> {
  const scratch = mkdtempSync(join(scratchParent, '.backup-test-'));
  try {
    const target = join(scratch, 'data');
    let manifest: BackupManifest;
    try {
      ({ manifest } = await restoreBackup(file, target, { passphrase }));
    } catch (err) {
      return { ok: false, detail: `the restore failed: ${(err as Error).message}` };
    }
    if (!manifest.rowCounts) return { ok: false, detail: 'the backup has no row counts to compare' };
    const tables = Object.keys(manifest.rowCounts).length;
    let actual: Record<string, number>;
    if (manifest.database === 'pglite') {
      const db = await openPglite({ dataDir: join(target, 'pglite') });
      try {
        actual = await countRows(db);
      } finally {
        await db.close();
      }
    } else {
      if (!existsSync(join(target, 'database.pgdump'))) return { ok: false, detail: `no database in the backup: pg_dump ${manifest.pgDump ?? 'was not run'}` };
      if (!onPath('pg_restore')) return { ok: false, detail: 'pg_restore is not installed (not on PATH): the database dump could not be checked' };
      actual = await countDumpRows(join(target, 'database.pgdump'));
    }
    const wrong = compare(manifest.rowCounts, actual);
    if (wrong.length) return { ok: false, detail: `rows differ in ${wrong.length} of ${tables} tables: ${wrong.slice(0, 5).join('; ')}` };
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    return { ok: true, detail: `restored and counted: ${rows} rows in ${tables} tables match` };
  } catch (err) {
    return { ok: false, detail: `the restore test failed: ${(err as Error).message}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
