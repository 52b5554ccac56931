import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { EditedMigrationError, migrate, migrationChecksum, readMigrations } from '../../server/db/migrate.ts';
import { cloneTemplate, emptyDatabase } from '../support/databases.ts';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});
async function use(db: Promise<Database>): Promise<Database> {
  const d = await db;
  opened.push(d);
  return d;
}

async function recordedChecksums(db: Database): Promise<Record<string, string | null>> {
  const { rows } = await db.query<{ name: string; checksum: string | null }>('select name, checksum from platform.schema_migrations order by name');
  return Object.fromEntries(rows.map((r) => [r.name, r.checksum]));
}

/** The project's migrations with one applied file's text changed, as a hand edit would. */
function withEdited(name: string) {
  return readMigrations().map((m) => (m.name === name ? { ...m, sql: `${m.sql}\n-- fixed a typo\n` } : m));
}

describe('the migration runner keeps applied migrations as they were applied', () => {
  it('records the checksum of each migration it applies', async () => {
    const db = await use(cloneTemplate());
    const expected = Object.fromEntries(readMigrations().map((m) => [m.name, migrationChecksum(m.sql)]));
    expect(await recordedChecksums(db)).toEqual(expected);
  });

  it('refuses to start when an applied migration was edited, naming the file, and applies nothing', async () => {
    const db = await use(cloneTemplate());
    const target = readMigrations()[3]!.name;
    const next = { name: '9999_never_applied.sql', sql: 'create table public.never_applied (x int);' };
    const attempt = migrate(db, [...withEdited(target), next]);
    await expect(attempt).rejects.toBeInstanceOf(EditedMigrationError);
    await expect(attempt).rejects.toThrow(new RegExp(`migration ${target} changed after this database applied`));
    const { rows } = await db.query(`select 1 from pg_tables where tablename = 'never_applied'`);
    expect(rows).toEqual([]);
    // The file restored, the same database starts.
    expect(await migrate(db)).toEqual([]);
  });

  it('a database migrated before checksums were kept gets them recorded once, then refuses edits', async () => {
    const db = await use(cloneTemplate());
    await db.exec('alter table platform.schema_migrations drop column checksum');
    const target = readMigrations()[5]!.name;

    expect(await migrate(db)).toEqual([]);
    const expected = Object.fromEntries(readMigrations().map((m) => [m.name, migrationChecksum(m.sql)]));
    expect(await recordedChecksums(db)).toEqual(expected);

    await expect(migrate(db, withEdited(target))).rejects.toThrow(EditedMigrationError);
    expect((await recordedChecksums(db))[target]).toBe(expected[target]);
  });

  it('checks every applied file on an empty database too: a line-ending change alone is not an edit', async () => {
    const db = await use(emptyDatabase());
    const first = [{ name: '0001_t.sql', sql: 'create table public.t (x int);\ncreate index on public.t (x);\n' }];
    expect(await migrate(db, first)).toEqual(['0001_t.sql']);
    expect(await migrate(db, [{ ...first[0]!, sql: first[0]!.sql.replace(/\n/g, '\r\n') }])).toEqual([]);
    await expect(migrate(db, [{ ...first[0]!, sql: 'create table public.t (x bigint);\n' }])).rejects.toThrow(/0001_t\.sql changed/);
  });
});
