-- Realtime (/realtime/v1, server/realtime, decision 140).
--
-- 1. What Supabase Realtime keeps in the database and clients rely on: the realtime schema with
--    realtime.messages and realtime.topic() (private channels are authorized by RLS policies on
--    realtime.messages, as on Supabase), and the supabase_realtime publication, whose tables are
--    the ones streamed as postgres_changes. On hosted Supabase all of it exists and belongs to
--    Supabase: the schema is left alone and only our tables join the publication.
-- 2. Our own change capture, for our server only: a deferred trigger on each published table
--    writes one row per changed row into platform.realtime_changes, numbered in commit order,
--    and notifies the server. Where Supabase Realtime runs (realtime.subscription exists) nothing
--    is captured: it reads the WAL itself.

-- 1. The realtime schema, guarded as Supabase's is ---------------------------------------------
do $do$
begin
  if exists (select 1 from pg_namespace where nspname = 'realtime') then
    return; -- Supabase's own (or an earlier run's): not ours to change
  end if;

  create schema realtime;
  revoke all on schema realtime from public;
  grant usage on schema realtime to anon, authenticated, service_role;

  -- The shape of Supabase's table. Our server only ever inserts probe rows here, as the server
  -- role, to ask the policies whether a caller may read or write a topic, and rolls them back.
  create table realtime.messages (
    topic text not null,
    extension text not null,
    payload jsonb,
    event text,
    private boolean default false,
    updated_at timestamp without time zone not null default now(),
    inserted_at timestamp without time zone not null default now(),
    id uuid not null default gen_random_uuid(),
    primary key (id, inserted_at)
  );
  alter table realtime.messages enable row level security;
  -- As on Supabase: the API roles may read and write rows their policies allow (none until a
  -- project writes some), nothing else in the schema.
  grant select, insert, update on realtime.messages to anon, authenticated, service_role;

  -- The channel being joined or written to, for policies (set by the server per check).
  create function realtime.topic() returns text
  language sql stable as $f$
    select nullif(current_setting('realtime.topic', true), '')::text
  $f$;
  revoke all on function realtime.topic() from public;
  grant execute on function realtime.topic() to anon, authenticated, service_role;
end $do$;

-- The publication, and the showcase tables the live site streams -------------------------------
do $do$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if (select puballtables from pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach t in array array['projects', 'project_comments'] loop
    if not exists (select 1 from pg_publication_tables
                   where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end $do$;

-- 2. Change capture for our server --------------------------------------------------------------
-- One row per changed row, in commit order (seq). Only the keys are kept: the server reads the
-- row itself, as each subscriber, when it delivers the change, so a row of any size costs a few
-- bytes here and nothing passes through pg_notify but a wake-up.
create table if not exists platform.realtime_changes (
  seq bigint generated always as identity primary key,
  relid oid not null,
  schema_name text not null,
  table_name text not null,
  op text not null check (op in ('INSERT', 'UPDATE', 'DELETE')),
  -- The row's primary key after the change (INSERT, UPDATE).
  pk jsonb,
  -- The replica identity before it (UPDATE, DELETE): the primary key, or the whole row when the
  -- table's replica identity is FULL, as Supabase's old_record holds.
  old_identity jsonb,
  committed_at timestamptz not null
);
revoke all on platform.realtime_changes from public;

-- Runs when the writing transaction commits (a deferred constraint trigger). The advisory lock is
-- held from the first captured row until the transaction has committed, so transactions take
-- their seq numbers in the order they commit, and a reader that sees seq n has already been able
-- to see every smaller one. The lock, the commit time and the wake-up are taken once per
-- transaction (a transaction-local setting remembers them). Arguments: the replica identity
-- ('full' or 'key'), then the primary key's columns.
create or replace function platform.realtime_capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  at timestamptz := nullif(current_setting('realtime.capture_at', true), '')::timestamptz;
  pk jsonb;
  old_identity jsonb;
begin
  if at is null then
    perform pg_advisory_xact_lock(727276, 1);
    -- the commit's time on the app's clock (app_now() alone is the transaction's start)
    at := clock_timestamp() + (showcase_private.app_now() - now());
    perform set_config('realtime.capture_at', at::text, true);
    perform pg_notify('realtime_changes', '');
  end if;
  if tg_nargs = 2 then
    -- the usual one-column key, without building the whole row's key object
    if tg_op <> 'DELETE' then pk := jsonb_build_object(tg_argv[1], to_jsonb(new) -> tg_argv[1]); end if;
    if tg_op <> 'INSERT' and tg_argv[0] <> 'full' then old_identity := jsonb_build_object(tg_argv[1], to_jsonb(old) -> tg_argv[1]); end if;
  else
    if tg_op <> 'DELETE' then select jsonb_object_agg(k, to_jsonb(new) -> k) into pk from unnest(tg_argv[1:tg_nargs - 1]) k; end if;
    if tg_op <> 'INSERT' and tg_argv[0] <> 'full' then
      select jsonb_object_agg(k, to_jsonb(old) -> k) into old_identity from unnest(tg_argv[1:tg_nargs - 1]) k;
    end if;
  end if;
  if tg_op <> 'INSERT' and tg_argv[0] = 'full' then old_identity := to_jsonb(old); end if;
  insert into platform.realtime_changes (relid, schema_name, table_name, op, pk, old_identity, committed_at)
  values (tg_relid, tg_table_schema, tg_table_name, tg_op, pk, old_identity, at);
  return null;
end $$;
revoke all on function platform.realtime_capture() from public;

-- Puts the capture trigger on every table of the publication in schema public that has a primary
-- key, for the operations the publication publishes, and takes it off every other table. Cheap
-- and idempotent: migrations, the server at start and DDL (event trigger below) call it.
create or replace function platform.realtime_sync_capture() returns void
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  if to_regclass('realtime.subscription') is not null then
    return; -- Supabase Realtime reads the WAL: nothing to capture
  end if;
  for r in
    with wanted as (
      select c.oid as relid,
             format('%I.%I', n.nspname, c.relname) as rel,
             concat_ws(' or ',
               case when p.pubinsert then 'insert' end,
               case when p.pubupdate then 'update' end,
               case when p.pubdelete then 'delete' end) as events,
             case c.relreplident when 'f' then 'full' else 'key' end as identity,
             (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
               where i.indrelid = c.oid and i.indisprimary) as keys
        from pg_publication p
        join pg_publication_tables pt on pt.pubname = p.pubname
        join pg_namespace n on n.nspname = pt.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       where p.pubname = 'supabase_realtime' and pt.schemaname = 'public' and c.relkind = 'r'
    ),
    desired as (
      select relid, rel, events, identity || ':' || events || ':' || array_to_string(keys, ',') as signature,
             identity, keys
        from wanted where keys is not null and events <> ''
    ),
    present as (
      select t.tgrelid as relid, format('%I.%I', n.nspname, c.relname) as rel,
             obj_description(t.oid, 'pg_trigger') as signature
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
       where t.tgname = 'realtime_capture' and t.tgfoid = 'platform.realtime_capture'::regproc
    )
    select coalesce(d.rel, p.rel) as rel, d.events, d.signature, d.identity, d.keys, p.relid is not null as has_trigger
      from desired d full join present p on p.relid = d.relid
     where d.signature is distinct from p.signature
  loop
    if r.has_trigger then
      execute format('drop trigger realtime_capture on %s', r.rel);
    end if;
    if r.signature is not null then
      execute format(
        'create constraint trigger realtime_capture after %s on %s deferrable initially deferred '
        'for each row execute function platform.realtime_capture(%s)',
        r.events, r.rel,
        (select string_agg(quote_literal(a), ', ') from unnest(array[r.identity] || r.keys::text[]) a));
      execute format('comment on trigger realtime_capture on %s is %L', r.rel, r.signature);
    end if;
  end loop;
end $$;
revoke all on function platform.realtime_sync_capture() from public;

-- So that `alter publication supabase_realtime add table …` takes effect at once, as on Supabase.
-- Creating an event trigger takes a superuser; without one the server syncs when it starts.
create or replace function platform.realtime_sync_capture_on_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform platform.realtime_sync_capture();
exception when others then
  raise warning 'realtime capture could not follow this change: %', sqlerrm;
end $$;
revoke all on function platform.realtime_sync_capture_on_ddl() from public;

do $do$
begin
  if to_regclass('realtime.subscription') is null
     and (select rolsuper from pg_roles where rolname = current_user)
     and not exists (select 1 from pg_event_trigger where evtname = 'realtime_sync_capture') then
    create event trigger realtime_sync_capture on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'ALTER TABLE')
      execute function platform.realtime_sync_capture_on_ddl();
  end if;
end $do$;

select platform.realtime_sync_capture();
