/**
 * npm run restore -- <file>
 *
 * Restores a backup from npm run backup into DATA_DIR, which must be empty (or not exist) and
 * must not be in use. Then start the server on it.
 */
import { ConfigError } from '../server/config.ts';
import { DataDirLockedError } from '../server/ops/data-dir-lock.ts';
import { RestoreError, restoreBackup } from '../server/ops/backup.ts';
import { resolve } from 'node:path';

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length) {
    console.error('usage: DATA_DIR=<new empty directory> npm run restore -- <file.tar.gz>');
    process.exit(2);
  }
  // Not loadConfig(): that would create DATA_DIR/jwt-secret before the restore brings the old one.
  const dataDir = resolve(process.env.DATA_DIR || './.data');
  const started = performance.now();
  const result = await restoreBackup(resolve(file), dataDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`restored ${file} (made ${result.manifest.createdAt}) into ${dataDir} in ${seconds} s: ${result.manifest.database === 'pglite' ? 'database, ' : ''}${result.files} stored files`);
  if (result.manifest.database === 'postgres') console.log('The database was on Postgres: restore it with pg_restore/psql from your pg_dump.');
}

main().catch((err) => {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof RestoreError;
  console.error(known ? err.message : `restore: ${(err as Error).message}`);
  process.exit(1);
});
