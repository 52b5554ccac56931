import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';

/**
 * Builds the SPA once for the whole browser run into a private directory (so a concurrent
 * `npm run build:web` or another run cannot swap files under our servers); startApp serves it
 * through WEB_DIST_DIR. And migrates one PGlite database that startApp copies, so no suite spends
 * its first seconds (15 s on a busy machine) running every migration. Workers fork after this
 * runs, so they inherit E2E_WEB_DIST and E2E_PGLITE_TEMPLATE.
 */
export async function setup() {
  const root = resolve(import.meta.dirname, '../..');
  const outDir = mkdtempSync(join(tmpdir(), 'showcase-e2e-web-'));
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: resolve(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    // The server's renderer of first screens (decision 203), where server/web looks for it.
    await build({
      configFile: resolve(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: 'app/entry-server.tsx', outDir: join(outDir, '.ssr'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  process.env.E2E_WEB_DIST = outDir;

  const databaseDir = mkdtempSync(join(tmpdir(), 'showcase-e2e-db-'));
  const template = join(databaseDir, 'pglite');
  const db = await openPglite({ dataDir: template });
  await migrate(db);
  await db.close();
  process.env.E2E_PGLITE_TEMPLATE = template;

  return () => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(databaseDir, { recursive: true, force: true });
  };
}
