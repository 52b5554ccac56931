import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { setup as setupDatabases } from './global-setup.ts';
import { startS3rver } from './s3rver.ts';

/** The storage suites against STORAGE_BACKEND=s3: one s3rver process for the run, on PGlite. */
export async function setup(project: TestProject) {
  const teardownDatabases = await setupDatabases(project);
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3 = await startS3rver(dir);
  // For this project's workers only (test/support/s3rver.ts reads it with inject()).
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    s3.process.kill();
    rmSync(dir, { recursive: true, force: true });
    await teardownDatabases();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}
