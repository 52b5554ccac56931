/**
 * npm run migrate:postgres -- <DATABASE_URL> [--to-s3]
 *
 * Moves the PGlite database in DATA_DIR (the server stopped) into an empty Postgres database:
 * the schema by the migrations, then every row, the sequences, checked table by table. The JWT
 * secret stays in DATA_DIR, and so do the stored files, unless --to-s3 puts them into the bucket
 * the S3_* settings name (as the server reads them). The command printed at the end starts the
 * server on Postgres. See docs/decisions/240-move-to-postgres.md.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { formatChecks, migrateToPostgres, MigrateToPostgresError, startCommand } from '../server/ops/migrate-to-postgres.ts';
import { createStorageBackend } from '../server/storage/create-backend.ts';

async function main() {
  const args = process.argv.slice(2);
  const toS3 = args.includes('--to-s3');
  const [targetUrl, ...rest] = args.filter((a) => a !== '--to-s3');
  if (!targetUrl || rest.length) {
    console.error("usage: DATA_DIR=<the stopped server's data directory> npm run migrate:postgres -- <postgres://… of an empty database> [--to-s3]");
    process.exit(2);
  }
  // Not loadConfig() as the server calls it: that would make a new jwt-secret in DATA_DIR if the
  // server ran with JWT_SECRET set.
  const dataDir = resolve(process.env.DATA_DIR || './.data');
  // The S3 settings as the server reads them. The secrets are placeholders: nothing here signs,
  // and loadConfig would otherwise write new ones into DATA_DIR.
  const filesTo = toS3
    ? await createStorageBackend(loadConfig({ ...process.env, DATA_DIR: dataDir, STORAGE_BACKEND: 's3', JWT_SECRET: 'unused'.repeat(6), DEV_MAILBOX_SECRET: 'unused'.repeat(3) }))
    : undefined;
  const started = performance.now();
  const result = await migrateToPostgres({ dataDir, targetUrl, filesTo, log: (line) => console.log(line) });
  console.log(formatChecks(result.tables));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!result.verified) {
    console.error(`migrate:postgres: the copy differs from the source (above); nothing was committed, the target is still empty`);
    process.exit(1);
  }
  const rows = result.tables.reduce((sum, t) => sum + t.sourceRows, 0);
  console.log(`\nmoved ${result.tables.length} tables (${rows} rows, all verified) and ${result.sequences} sequences in ${seconds} s.`);
  if (result.files.missing.length) console.log(`${result.files.missing.length} rows name a file that was already missing: ${result.files.missing.join(', ')}`);
  if (toS3) console.log(`Copied ${result.files.copied} stored files into the bucket: start the server with STORAGE_BACKEND=s3 and these S3_* settings.`);
  else if (process.env.STORAGE_BACKEND === 's3') console.log('Stored files stay in the S3 bucket: start the server with the same S3 settings.');
  else console.log(`Stored files stay in ${dataDir}/storage: start the server with the same DATA_DIR (or move that folder with it).`);
  console.log(`Start the server on Postgres with:\n\n  ${startCommand(dataDir, targetUrl)}\n`);
}

main().catch((err) => {
  const known = err instanceof MigrateToPostgresError || err instanceof ConfigError;
  console.error(known ? `migrate:postgres: ${err.message}` : `migrate:postgres: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
