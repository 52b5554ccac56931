import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** Any fixed number works; it only has to be the same in every process of this product. */
const MIGRATION_LOCK_KEY = 727_274_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies each migration once, in its own transaction, in file-name order, recording it in
 * platform.schema_migrations. An advisory lock makes concurrent starts against one Postgres safe:
 * the second process waits, then finds everything applied.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.withAdvisoryLock(MIGRATION_LOCK_KEY, async (conn) => {
    await conn.exec(`
      create schema if not exists platform;
      create table if not exists platform.schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      );`);
    const done = new Set(
      (await conn.query<{ name: string }>('select name from platform.schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await conn.exec('begin');
      try {
        await conn.exec(m.sql);
        await conn.query('insert into platform.schema_migrations(name) values ($1)', [m.name]);
        await conn.exec('commit');
      } catch (err) {
        await conn.exec('rollback');
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(m.name);
    }
    return applied;
  });
}
