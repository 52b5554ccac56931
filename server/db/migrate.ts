import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';

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
 * The SHA-256 of a migration's text. Line endings are normalised so a checkout that turns \n into
 * \r\n (git's autocrlf) is not mistaken for an edit.
 */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** Thrown at start when a migration this database already applied has changed on disk. */
export class EditedMigrationError extends Error {
  constructor(readonly edited: readonly string[]) {
    super(
      `refusing to start: ${edited.length === 1 ? 'migration' : 'migrations'} ${edited.join(', ')} ` +
        'changed after this database applied them (the checksum recorded in platform.schema_migrations differs). ' +
        'An applied migration never runs again, so the edit would silently differ between databases: ' +
        'restore the file (git checkout -- db/migrations/) and put the change in a new migration.',
    );
    this.name = 'EditedMigrationError';
  }
}

/**
 * Applies each migration once, in its own transaction, in file-name order, recording it and the
 * checksum of its text in platform.schema_migrations. A migration applied before checksums were
 * kept gets the checksum of its current text recorded once; after that, a file whose text no longer
 * matches stops the start (EditedMigrationError) before anything is applied. An advisory lock makes
 * concurrent starts against one Postgres safe: the second process waits, then finds everything applied.
 */
export async function migrate(db: Pick<Database, 'withAdvisoryLock'>, migrations = readMigrations()): Promise<string[]> {
  return db.withAdvisoryLock(MIGRATION_LOCK_KEY, async (conn) => {
    await conn.exec(`
      create schema if not exists platform;
      create table if not exists platform.schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      );
      alter table platform.schema_migrations add column if not exists checksum text;`);
    const recorded = new Map(
      (await conn.query<{ name: string; checksum: string | null }>('select name, checksum from platform.schema_migrations')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    await checkAppliedMigrations(conn, migrations, recorded);
    const applied: string[] = [];
    for (const m of migrations) {
      if (recorded.has(m.name)) continue;
      await conn.exec('begin');
      try {
        await conn.exec(m.sql);
        await conn.query('insert into platform.schema_migrations(name, checksum) values ($1, $2)', [m.name, migrationChecksum(m.sql)]);
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

async function checkAppliedMigrations(
  conn: Queryable,
  migrations: readonly Migration[],
  recorded: ReadonlyMap<string, string | null>,
): Promise<void> {
  const edited: string[] = [];
  const unrecorded: Migration[] = [];
  for (const m of migrations) {
    if (!recorded.has(m.name)) continue;
    const checksum = recorded.get(m.name);
    if (checksum == null) unrecorded.push(m);
    else if (checksum !== migrationChecksum(m.sql)) edited.push(m.name);
  }
  if (edited.length > 0) throw new EditedMigrationError(edited);
  // A database migrated before checksums were kept: trust the files as they are now, once.
  for (const m of unrecorded) {
    await conn.query('update platform.schema_migrations set checksum = $2 where name = $1 and checksum is null', [m.name, migrationChecksum(m.sql)]);
  }
}
