-- The live site (issue 20, decisions 192/193).
--
-- 1. Users' notifications stream to their bell: the table joins the supabase_realtime
--    publication. RLS (recipient only) decides who receives a row; anon cannot subscribe at all.
-- 2. "Viewing now" on a project page: a visitor joins the private channel viewers:<project id>
--    and tracks presence there; the server counts those presences and broadcasts the count as
--    the event `viewing`. Policies let every API role read the topic and track presence on it,
--    and nobody broadcast on it, so the count can only come from the server. Our server only:
--    where Supabase Realtime runs (realtime.subscription exists), its realtime schema is left alone.
do $do$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime' and not puballtables)
     and not exists (select 1 from pg_publication_tables
                     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end $do$;

do $do$
begin
  if to_regclass('realtime.subscription') is not null then
    return;
  end if;
  if not exists (select 1 from pg_policies where schemaname = 'realtime' and tablename = 'messages' and policyname = 'live_viewers_read') then
    create policy live_viewers_read on realtime.messages for select to anon, authenticated
      using ((select realtime.topic()) like 'viewers:%' and extension in ('broadcast', 'presence'));
  end if;
  if not exists (select 1 from pg_policies where schemaname = 'realtime' and tablename = 'messages' and policyname = 'live_viewers_track') then
    create policy live_viewers_track on realtime.messages for insert to anon, authenticated
      with check ((select realtime.topic()) like 'viewers:%' and extension = 'presence');
  end if;
end $do$;

select platform.realtime_sync_capture() where to_regprocedure('platform.realtime_sync_capture()') is not null;
