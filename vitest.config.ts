import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const integration = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `integration-${kind}`,
    include: ['test/integration/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'domain/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      ...(existsSync('e2e/support/global-setup.ts') ? [{
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      }] : []),
    ],
  },
});
