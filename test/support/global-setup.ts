import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate, type DbKind } from './databases.ts';

/** globalSetup runs in the main process, outside the project's `env`, so the kind comes from the project name. */
export async function setup(project: TestProject) {
  // Workers are forked after global setup, so they inherit this and find the same template.
  process.env.TEST_RUN_ID ??= String(process.pid);
  const kind: DbKind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  await buildTemplate(kind);
  return () => dropTemplate(kind);
}
