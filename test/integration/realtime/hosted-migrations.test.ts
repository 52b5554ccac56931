import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { emptyDatabase } from '../../support/databases.ts';

// What a hosted Supabase project already has for Realtime (a trimmed copy of its shape), owned by
// Supabase's own role: our migrations must apply on top of it and leave it as it was.
const SUPABASE_REALTIME = `
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
end $$;
create schema realtime authorization supabase_realtime_admin;
create table realtime.subscription (id bigint generated always as identity primary key, subscription_id uuid not null, entity regclass not null, claims jsonb not null);
create table realtime.messages (topic text not null, extension text not null, payload jsonb, event text, private boolean default false,
  updated_at timestamp not null default now(), inserted_at timestamp not null default now(), id uuid not null default gen_random_uuid(), primary key (id, inserted_at));
create function realtime.topic() returns text language sql stable as $f$ select nullif(current_setting('realtime.topic', true), '')::text $f$;
alter table realtime.subscription owner to supabase_realtime_admin;
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
create publication supabase_realtime;
`;

let db: Database;

beforeAll(async () => {
  db = await emptyDatabase();
  await db.exec(SUPABASE_REALTIME);
  await migrate(db);
});
afterAll(() => db?.close());

describe('migrations where Supabase Realtime already runs', () => {
  it('leave the realtime schema as Supabase made it', async () => {
    const { rows } = await db.query<{ owner: string; body: string }>(
      `select pg_get_userbyid(p.proowner) as owner, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'realtime' and p.proname = 'topic'`,
    );
    expect(rows).toEqual([{ owner: 'supabase_realtime_admin', body: expect.stringContaining("current_setting('realtime.topic', true)") }]);
    const tables = await db.query<{ owner: string }>(`select tableowner as owner from pg_tables where schemaname = 'realtime' order by tablename`);
    expect(tables.rows.map((r) => r.owner)).toEqual(['supabase_realtime_admin', 'supabase_realtime_admin']);
  });

  it('put the showcase tables (and, since issue 20, notifications) into the existing publication, which Supabase streams', async () => {
    const { rows } = await db.query<{ t: string }>(`select tablename as t from pg_publication_tables where pubname = 'supabase_realtime' order by 1`);
    expect(rows.map((r) => r.t)).toEqual(['notifications', 'project_comments', 'projects']);
  });

  it('install no capture of ours (Supabase reads the WAL), and keep it off when asked again', async () => {
    await db.query('select platform.realtime_sync_capture()');
    const triggers = await db.query(`select 1 from pg_trigger where tgname = 'realtime_capture'`);
    const eventTriggers = await db.query(`select 1 from pg_event_trigger where evtname = 'realtime_sync_capture'`);
    expect(triggers.rows).toEqual([]);
    expect(eventTriggers.rows).toEqual([]);
  });
});
