import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

/**
 * Builds the SPA once for the whole browser run into a private directory (so a concurrent
 * `npm run build:web` or another run cannot swap files under our servers); startApp serves it
 * through WEB_DIST_DIR. Workers fork after this runs, so they inherit E2E_WEB_DIST.
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
  return () => rmSync(outDir, { recursive: true, force: true });
}
