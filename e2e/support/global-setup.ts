import { resolve } from 'node:path';
import { build } from 'vite';

/** Builds the SPA once for the whole browser run; every test server serves this dist/web. */
export async function setup() {
  const root = resolve(import.meta.dirname, '../..');
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: resolve(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
