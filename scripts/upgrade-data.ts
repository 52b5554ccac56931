/**
 * npm run upgrade:data
 *
 * Upgrades a PGlite DATA_DIR written by an older PostgreSQL major (an older PGlite) to the one this
 * version runs, once, with the server stopped (decision 267). The old directory is kept beside the
 * new one as DATA_DIR/pglite-pg<major> until you delete it. A directory already on this version's
 * major is left alone.
 */
import { resolve } from 'node:path';
import { formatChecks } from '../server/ops/copy-rows.ts';
import { UpgradeDataError, upgradeData } from '../server/ops/upgrade-data.ts';

async function main() {
  if (process.argv.length > 2) {
    console.error('usage: DATA_DIR=<the stopped server’s DATA_DIR> npm run upgrade:data');
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR || './.data');
  const started = performance.now();
  const result = await upgradeData({ dataDir, log: (line) => console.log(line) });
  if (result.upToDate) {
    console.log(`${dataDir} is already PostgreSQL ${result.to.postgres} (PGlite ${result.to.pglite}): nothing to do.`);
    return;
  }
  console.log(formatChecks(result.tables));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!result.keptAs) {
    console.error(`upgrade:data: the copy differs from the source (above); nothing was changed, ${dataDir}/pglite is as it was`);
    process.exit(1);
  }
  console.log(
    `\nupgraded ${dataDir} from PostgreSQL ${result.from.postgres}${result.from.pglite ? ` (PGlite ${result.from.pglite})` : ''} to PostgreSQL ${result.to.postgres} (PGlite ${result.to.pglite}): ` +
      `${result.tables.length} tables and ${result.sequences} sequences, all verified, in ${seconds} s.\n` +
      `The old database is kept in ${result.keptAs}: delete it once the server runs well. Start the server as before.`,
  );
}

main().catch((err) => {
  console.error(err instanceof UpgradeDataError ? `upgrade:data: ${err.message}` : err);
  process.exit(1);
});
