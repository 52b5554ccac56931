import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
/** The Postgres database each clone lives in, for secondConnection. */
const cloneUrls = new WeakMap<Database, string>();

/** A fresh database, cloned from the template, for one suite. Closing it also drops it. */
export async function cloneTemplate(): Promise<Database> {
  if (testDbKind() === 'pglite') {
    const blob = new Blob([readFileSync(pgliteTemplatePath(runId()))]);
    return openPglite({ loadDataDir: blob });
  }
  const name = `${baseDatabaseName()}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await adminQuery(`create database "${name}" template "${templateName()}"`);
  const db = await openPostgres(postgresUrl(name), 10);
  const clone: Database = {
    ...db,
    async close() {
      await db.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
  cloneUrls.set(clone, postgresUrl(name));
  return clone;
}

/** The connection URL of a cloned Postgres database (to reach it another way, e.g. through a proxy). */
export function cloneUrl(clone: Database): string {
  const url = cloneUrls.get(clone);
  if (!url) throw new Error('cloneUrl needs a Postgres clone from cloneTemplate()');
  return url;
}

/**
 * An empty database of the kind under test, with no migrations applied (tests of what migrations
 * do to a database prepared otherwise). Closing it also drops it.
 */
export async function emptyDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') return openPglite();
  const name = `${baseDatabaseName()}_${process.pid}_${Date.now().toString(36)}_empty_${counter++}`;
  await adminQuery(`create database "${name}"`);
  const db = await openPostgres(postgresUrl(name), 2);
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * A pool of its own onto a cloned Postgres database, as a second server instance would open it.
 * Closing it leaves the database to the clone. Postgres only: PGlite has one process per directory.
 */
export function secondConnection(clone: Database): Promise<Database> {
  const url = cloneUrls.get(clone);
  if (!url) throw new Error('secondConnection needs a Postgres clone from cloneTemplate()');
  return openPostgres(url, 10);
}

export interface ReopenableDatabase {
  /** Opens the database, with whatever an earlier opening left in it. */
  open(): Promise<Database>;
  /** Removes it for good. */
  dispose(): Promise<void>;
}

/**
 * A database that outlives the process that opened it, for restart tests: close a server, open
 * the same data again for the next. PGlite: a data directory on disk, first filled from the
 * template. Postgres: a clone, reached through pools of its own.
 */
export async function reopenableDatabase(): Promise<ReopenableDatabase> {
  if (testDbKind() === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'showcase-pglite-'));
    let opened = false;
    return {
      async open() {
        const first = !opened;
        opened = true;
        return openPglite(first ? { dataDir: dir, loadDataDir: new Blob([readFileSync(pgliteTemplatePath(runId()))]) } : { dataDir: dir });
      },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const clone = await cloneTemplate();
  return { open: () => secondConnection(clone), dispose: () => clone.close() };
}
