import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const integration = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `integration-${kind}`,
    include: ['test/integration/**/*.test.ts'],
    // Suites named *.postgres.test.ts need what only Postgres has (several processes on one database);
    // *.pglite.test.ts are about PGlite's own data directory (its lock, its files, its backups).
    // *.root.test.ts mount a small tmpfs to fill a disk for real: only as root (CI runs as root).
    exclude: [
      'test/integration/**/*.root.test.ts',
      ...(kind === 'pglite' ? ['test/integration/**/*.postgres.test.ts'] : ['test/integration/**/*.pglite.test.ts']),
    ],
    globalSetup: ['test/support/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    // Every file starts its own server and closes it; none mocks a module. Sharing the module
    // graph within a worker saves re-importing the server for each of ~100 files (minutes in CI).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // expect.poll waits for something another process does (a browser's request, a job, a
    // replica); vitest's 1 s default fails on a busy CI machine, so wait as long as a locator does.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'domain/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'test/architecture/**/*.test.ts'],
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      {
        // The storage suites again, with objects in an S3 bucket (s3rver, a real S3-compatible server).
        extends: true as const,
        test: {
          name: 'integration-s3',
          include: ['test/integration/storage-*.test.ts', 'test/integration/functions-delete-account.test.ts', 'test/integration/ops/storage-orphans.test.ts'],
          globalSetup: ['test/support/global-setup-s3.ts'],
          env: { TEST_DB_KIND: 'pglite', TEST_STORAGE_BACKEND: 's3' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.getuid?.() === 0
        ? [
            {
              extends: true as const,
              test: {
                name: 'integration-root',
                include: ['test/integration/**/*.root.test.ts'],
                globalSetup: ['test/support/global-setup.ts'],
                env: { TEST_DB_KIND: 'pglite' },
                testTimeout: 180_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      ...(existsSync('e2e/support/global-setup.ts') ? [{
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server (own data directory, free port) and Chromium, so files
          // can run side by side: `npm run test:browser` (npm test, CI) runs two at a time, taking
          // the next file as one ends (decision 211).
          fileParallelism: true,
        },
      }] : []),
    ],
  },
});
