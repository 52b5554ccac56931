import { beforeAll, describe, expect, it } from 'vitest';
import { migrationChecksum, readMigrations } from '../server/db/migrate.ts';
import { compareSnapshots, describeDifference, editedMigrations, isUpToDate, readCommittedSnapshot, snapshotFromMigrations, type Snapshot } from './schema-snapshot.ts';

// Migrating a fresh PGlite takes seconds, more on a busy CI machine.
const MIGRATE_TIMEOUT = 180_000;

let current: Snapshot;
beforeAll(async () => {
  current = await snapshotFromMigrations();
}, MIGRATE_TIMEOUT);

describe('db/schema/, the readable schema', () => {
  it('is what db/migrations builds (run `npm run schema:write` after adding a migration)', () => {
    const committed = readCommittedSnapshot();
    const difference = compareSnapshots(committed, current);
    expect(isUpToDate(difference), describeDifference(difference, editedMigrations(committed, current))).toBe(true);
  });

  it('holds the current text of a view that several migrations redefine, and names them', () => {
    const listing = current.get('public/views/project_listing.sql')!;
    expect(listing).toMatch(/^-- Defined in: 0040, 0061, 0092, 0162, 0171, 0211/m);
    expect(listing).toContain('create view public.project_listing');
    expect(current.get('public/tables/projects.sql')).toMatch(/create policy projects_read_approved on public\.projects/);
  });

  it('is reported stale, naming the files, once a migration changes the schema', async () => {
    const changed = await snapshotFromMigrations([
      ...readMigrations(),
      {
        name: '9999_stale_demo.sql',
        sql: `create table public.stale_demo (id int primary key);
              create or replace function public.is_anonymous() returns boolean language sql stable as $$ select true $$;`,
      },
    ]);
    const difference = compareSnapshots(current, changed);
    expect(isUpToDate(difference)).toBe(false);
    expect(difference.added).toEqual(['public/tables/stale_demo.sql']);
    expect(difference.changed).toContain('public/functions/is_anonymous.sql');
    expect(describeDifference(difference)).toMatch(/Run `npm run schema:write`[\s\S]*db\/schema\/public\/tables\/stale_demo\.sql/);
  }, MIGRATE_TIMEOUT);

  it('names a committed migration that was edited, even by a comment', () => {
    const migrations = readMigrations();
    const target = migrations[7]!;
    const editedText = `${target.sql}\n-- a comment added later\n`;
    const afterEdit = new Map(current);
    const lines = current.get('migrations.sql')!.replace(new RegExp(`^-- ${target.name} sha256:\\w+$`, 'm'), `-- ${target.name} sha256:${migrationChecksum(editedText)}`);
    afterEdit.set('migrations.sql', lines);
    expect(editedMigrations(current, afterEdit)).toEqual([target.name]);
    expect(compareSnapshots(current, afterEdit).changed).toEqual(['migrations.sql']);
    expect(describeDifference(compareSnapshots(current, afterEdit), [target.name])).toContain(`edited after it was committed: db/migrations/${target.name}`);
  });

  it('is reported stale when a committed file was edited by hand or is left over', () => {
    const edited = new Map(current);
    edited.set('public/views/project_listing.sql', current.get('public/views/project_listing.sql')!.replace('p.title', 'p.title AS name'));
    edited.set('public/views/dropped_long_ago.sql', '-- gone\n');
    const difference = compareSnapshots(edited, current);
    expect(difference.changed).toEqual(['public/views/project_listing.sql']);
    expect(difference.removed).toEqual(['public/views/dropped_long_ago.sql']);
  });
});
