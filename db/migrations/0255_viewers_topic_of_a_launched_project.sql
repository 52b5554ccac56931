-- "Viewing now" is tracked only on the topic of a project anyone may see (security review M8).
-- Until now any topic `viewers:<anything>` took presences from every API role: a place for any
-- client to park presences no page reads. Now the topic must be `viewers:<uuid>` of a launched
-- project. A definer function, as the caller may not read the project's row (a banned visitor, a
-- project seen through a view); it answers only whether that one id is a launched project.
-- Our server only, as 0191: where Supabase Realtime runs, its realtime schema is left alone.
create or replace function showcase_private.viewers_topic_is_launched_project(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when topic ~ '^viewers:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then exists (
      select 1 from public.projects p
       where p.id = substr(topic, length('viewers:') + 1)::uuid
         and showcase_private.is_launched(p.status, p.launched_at))
    else false
  end
$$;
revoke all on function showcase_private.viewers_topic_is_launched_project(text) from public;
grant execute on function showcase_private.viewers_topic_is_launched_project(text) to anon, authenticated;

do $do$
begin
  if to_regclass('realtime.subscription') is not null then
    return;
  end if;
  drop policy if exists live_viewers_track on realtime.messages;
  create policy live_viewers_track on realtime.messages for insert to anon, authenticated
    with check (extension = 'presence' and showcase_private.viewers_topic_is_launched_project((select realtime.topic())));
end $do$;
