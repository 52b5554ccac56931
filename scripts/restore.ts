/**
 * npm run restore -- <file> [--passphrase-file <path>]
 *
 * Restores a backup from npm run backup (or a scheduled one, BACKUP_DIR) into DATA_DIR, which must
 * be empty (or not exist) and must not be in use. Then start the server on it. An encrypted backup
 * (.tar.gz.enc) needs its passphrase: BACKUP_PASSPHRASE in the environment, or the first line of
 * the file --passphrase-file names (never on the command line, where ps shows it). A wrong one is
 * refused before anything is written.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../server/config.ts';
import { DataDirLockedError } from '../server/ops/data-dir-lock.ts';
import { RestoreError, restoreBackup } from '../server/ops/backup.ts';
import { resolve } from 'node:path';

const USAGE = 'usage: DATA_DIR=<new empty directory> npm run restore -- <backup file> [--passphrase-file <file>]';

async function main() {
  const args = process.argv.slice(2);
  let passphraseFile: string | undefined;
  const at = args.indexOf('--passphrase-file');
  if (at >= 0) {
    passphraseFile = args[at + 1];
    args.splice(at, 2);
  }
  const [file, ...rest] = args;
  if (!file || rest.length || (at >= 0 && !passphraseFile)) {
    console.error(USAGE);
    process.exit(2);
  }
  const passphrase = passphraseFile ? readFileSync(passphraseFile, 'utf8').split('\n')[0]! : process.env.BACKUP_PASSPHRASE || undefined;
  // Not loadConfig(): that would create DATA_DIR/jwt-secret before the restore brings the old one.
  const dataDir = resolve(process.env.DATA_DIR || './.data');
  const started = performance.now();
  const result = await restoreBackup(resolve(file), dataDir, { passphrase });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`restored ${file} (made ${result.manifest.createdAt}) into ${dataDir} in ${seconds} s: ${result.manifest.database === 'pglite' ? 'database, ' : ''}${result.files} stored files`);
  if (result.manifest.database === 'postgres') {
    console.log(
      result.manifest.pgDump === 'included'
        ? `The database was on Postgres: load ${dataDir}/database.pgdump with pg_restore --no-owner -d <empty database>, then point DATABASE_URL at it.`
        : 'The database was on Postgres: restore it with pg_restore/psql from your pg_dump.',
    );
  }
}

main().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof RestoreError;
  console.error(known ? err.message : `restore: ${(err as Error).message}`);
  process.exit(1);
});
