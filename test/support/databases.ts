import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';

/**
 * Integration suites run against a migrated template that is built once per test run and cloned
 * per suite: PGlite's initdb takes seconds, a clone a fraction of that.
 */
export const TEST_DATA_ROOT = join(process.cwd(), '.test-data');
/** One file per test run (the main process's pid), so parallel runs never share a template. */
const pgliteTemplatePath = (runId: string) => join(TEST_DATA_ROOT, `pglite-template-${runId}.tar.gz`);
const runId = () => process.env.TEST_RUN_ID ?? String(process.pid);

export type DbKind = 'pglite' | 'postgres';

export function testDbKind(): DbKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

function postgresUrl(database: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

function baseDatabaseName(): string {
  return new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1) || 'showcase_test';
}

const templateName = () => `${baseDatabaseName()}_template`;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Called from vitest's globalSetup: migrate one template database. */
export async function buildTemplate(kind: DbKind): Promise<void> {
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('gzip');
    writeFileSync(pgliteTemplatePath(runId()), Buffer.from(await dump.arrayBuffer()));
    await db.close();
    return;
  }
  const name = templateName();
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  const db = await openPostgres(postgresUrl(name), 1);
  await migrate(db);
  await db.close();
}

export async function dropTemplate(kind: DbKind): Promise<void> {
  if (kind === 'postgres') await adminQuery(`drop database if exists "${templateName()}" with (force)`);
  else rmSync(pgliteTemplatePath(runId()), { force: true });
}

let counter = 0;

/** A fresh database, cloned from the template, for one suite. Closing it also drops it. */
export async function cloneTemplate(): Promise<Database> {
  if (testDbKind() === 'pglite') {
    const blob = new Blob([readFileSync(pgliteTemplatePath(runId()))]);
    return openPglite({ loadDataDir: blob });
  }
  const name = `${baseDatabaseName()}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await adminQuery(`create database "${name}" template "${templateName()}"`);
  const db = await openPostgres(postgresUrl(name), 10);
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
