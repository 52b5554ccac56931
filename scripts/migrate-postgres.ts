/**
 * npm run migrate:postgres -- <DATABASE_URL>
 *
 * Moves the PGlite database in DATA_DIR (the server stopped) into an empty Postgres database:
 * the schema by the migrations, then every row, the sequences, checked table by table. The JWT
 * secret and the stored files stay in DATA_DIR; the command printed at the end starts the server
 * on Postgres with them. See docs/decisions/240-move-to-postgres.md.
 */
import { resolve } from 'node:path';
import { formatChecks, migrateToPostgres, MigrateToPostgresError, startCommand } from '../server/ops/migrate-to-postgres.ts';

async function main() {
  const [targetUrl, ...rest] = process.argv.slice(2);
  if (!targetUrl || rest.length) {
    console.error('usage: DATA_DIR=<the stopped server\'s data directory> npm run migrate:postgres -- <postgres://… of an empty database>');
    process.exit(2);
  }
  // Not loadConfig(): that would make a new jwt-secret in DATA_DIR if the server ran with JWT_SECRET set.
  const dataDir = resolve(process.env.DATA_DIR || './.data');
  const started = performance.now();
  const result = await migrateToPostgres({ dataDir, targetUrl, log: (line) => console.log(line) });
  console.log(formatChecks(result.tables));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!result.verified) {
    console.error(`migrate:postgres: the copy differs from the source (above); nothing was committed, the target is still empty`);
    process.exit(1);
  }
  const rows = result.tables.reduce((sum, t) => sum + t.sourceRows, 0);
  console.log(`\nmoved ${result.tables.length} tables (${rows} rows, all verified) and ${result.sequences} sequences in ${seconds} s.`);
  console.log(
    process.env.STORAGE_BACKEND === 's3'
      ? 'Stored files stay in the S3 bucket: start the server with the same S3 settings.'
      : `Stored files stay in ${dataDir}/storage: start the server with the same DATA_DIR (or move that folder with it).`,
  );
  console.log(`Start the server on Postgres with:\n\n  ${startCommand(dataDir, targetUrl)}\n`);
}

main().catch((err) => {
  const known = err instanceof MigrateToPostgresError;
  console.error(known ? `migrate:postgres: ${err.message}` : `migrate:postgres: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
