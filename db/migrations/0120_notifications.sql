-- Notifications (issue 15): the types and their defaults, each user's preferences and time zone,
-- the notifications themselves, and showcase_private.notify(), the one way any of them is written.
-- Nothing here is written by a client: triggers on the tables where events happen call notify()
-- (0121), and only the recipient reads their rows or marks them read.

-- Who is calling with an anonymous sign-in (issue 14's signInAnonymously: role authenticated,
-- claim is_anonymous). Anonymous users may vote and nothing else: they have no inbox and no
-- preferences. A token without the claim is a permanent account's.
create or replace function showcase_private.caller_is_anonymous() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
$$;
revoke all on function showcase_private.caller_is_anonymous() from public;
grant execute on function showcase_private.caller_is_anonymous() to anon, authenticated, service_role;

-- Types ---------------------------------------------------------------------------------------
-- The same list, with the same defaults, as domain/notifications.ts (a test compares them).
create table if not exists showcase_private.notification_types (
  type text primary key,
  audience text not null check (audience in ('member', 'staff')),
  in_app_default boolean not null,
  email_default text not null check (email_default in ('off', 'instant', 'digest'))
);
revoke all on showcase_private.notification_types from public, anon, authenticated;

insert into showcase_private.notification_types (type, audience, in_app_default, email_default) values
  ('comment_on_project', 'member', true, 'instant'),
  ('comment_reply', 'member', true, 'instant'),
  ('project_upvotes', 'member', true, 'off'),
  ('project_approved', 'member', true, 'instant'),
  ('project_rejected', 'member', true, 'instant'),
  ('project_launched', 'member', true, 'off'),
  ('project_won', 'member', true, 'instant'),
  ('comaker_invited', 'member', true, 'off'),
  ('followed_maker_launched', 'member', true, 'off'),
  ('launch_went_live', 'member', true, 'off'),
  ('report_resolved', 'member', true, 'off'),
  ('submission_to_review', 'staff', true, 'off'),
  ('report_filed', 'staff', true, 'off')
on conflict (type) do update
  set audience = excluded.audience, in_app_default = excluded.in_app_default, email_default = excluded.email_default;

-- Time zones ----------------------------------------------------------------------------------
-- The wall-clock time of a time zone; a zone name this server's tzdata does not know (one a
-- later tzdata dropped, a bad site setting) reads as UTC rather than failing a vote or a job.
create or replace function showcase_private.local_time(at timestamptz, zone text) returns timestamp
language plpgsql stable set search_path = '' as $$
begin
  return at at time zone zone;
exception when invalid_parameter_value then
  return at at time zone 'UTC';
end $$;
revoke all on function showcase_private.local_time(timestamptz, text) from public, anon, authenticated;

-- Per-account settings of the Profile page that are not public (creators is the public profile).
-- time_zone null: the site's. Digests arrive at a set hour of this zone.
create table if not exists public.profile_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  time_zone text,
  updated_at timestamptz not null default now()
);

alter table public.profile_settings enable row level security;
revoke all on public.profile_settings from anon;
revoke truncate, references, trigger on public.profile_settings from authenticated;

drop policy if exists profile_settings_own on public.profile_settings;
create policy profile_settings_own on public.profile_settings for all to authenticated
  using (user_id = (select auth.uid()) and not (select showcase_private.caller_is_anonymous()))
  with check (user_id = (select auth.uid()) and not (select showcase_private.caller_is_anonymous()));

create or replace function showcase_private.profile_settings_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.time_zone := showcase_private.blank_to_null(new.time_zone);
  if new.time_zone is not null
     and not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'Settings belong to one account' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

drop trigger if exists profile_settings_before_write on public.profile_settings;
create trigger profile_settings_before_write before insert or update on public.profile_settings
  for each row execute function showcase_private.profile_settings_before_write();

-- A recipient's time zone: their own, else the site's. Issue 14 adds the site's to site_settings
-- as an admin setting; it is read through JSON so this works before and after that column exists
-- (UTC until then). PL/pgSQL, not SQL, so its plan is kept: every upvote asks.
create or replace function showcase_private.user_time_zone(recipient uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(
    (select p.time_zone from public.profile_settings p where p.user_id = recipient),
    (select nullif(to_jsonb(s) ->> 'time_zone', '') from public.site_settings s where s.id),
    'UTC');
end $$;
revoke all on function showcase_private.user_time_zone(uuid) from public, anon, authenticated;

-- Preferences ---------------------------------------------------------------------------------
-- A row only for a type whose defaults its user changed; no row means the type's defaults.
create table if not exists public.notification_preferences (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  type text not null references showcase_private.notification_types (type) on delete cascade,
  in_app boolean not null default true,
  email text not null default 'off',
  updated_at timestamptz not null default now(),
  primary key (user_id, type)
);

alter table public.notification_preferences enable row level security;
revoke all on public.notification_preferences from anon;
revoke truncate, references, trigger on public.notification_preferences from authenticated;

drop policy if exists notification_preferences_own on public.notification_preferences;
create policy notification_preferences_own on public.notification_preferences for all to authenticated
  using (user_id = (select auth.uid()) and not (select showcase_private.caller_is_anonymous()))
  with check (user_id = (select auth.uid()) and not (select showcase_private.caller_is_anonymous()));

-- 'member', 'staff', or null for a type that does not exist.
create or replace function showcase_private.notification_audience(kind text) returns text
language sql stable security definer set search_path = '' as $$
  select t.audience from showcase_private.notification_types t where t.type = kind
$$;
revoke all on function showcase_private.notification_audience(text) from public;
grant execute on function showcase_private.notification_audience(text) to authenticated, service_role;

-- Clear words for what the constraints would only call a violation. SECURITY INVOKER, so
-- is_privileged() sees who is writing.
create or replace function showcase_private.notification_preferences_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  audience text := showcase_private.notification_audience(new.type);
begin
  if audience is null then
    raise exception 'Unknown notification type: %', coalesce(new.type, 'null') using errcode = '22023';
  end if;
  if new.email is null or new.email not in ('off', 'instant', 'digest') then
    raise exception 'E-mail must be off, instant or digest' using errcode = '22023';
  end if;
  if new.in_app is null then
    raise exception 'In-app must be true or false' using errcode = '22023';
  end if;
  -- Staff notices are for staff; a member has nothing to set there.
  if audience = 'staff' and not showcase_private.is_privileged()
     and not (public.is_admin() or public.is_moderator()) then
    raise exception 'Only admins and moderators receive %', new.type using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'Preferences belong to one account' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

drop trigger if exists notification_preferences_before_write on public.notification_preferences;
create trigger notification_preferences_before_write before insert or update on public.notification_preferences
  for each row execute function showcase_private.notification_preferences_before_write();

-- Notifications -------------------------------------------------------------------------------
-- data holds what the sentence needs (names and titles as they were; domain/notifications.ts
-- words it). A grouped notification (upvotes: one per project per recipient's day) has a
-- group_key, counts its distinct actors in actor_count and is updated in place.
-- in_app false: the recipient turned the in-app notice off, and the row only waits for an
-- e-mail digest or keeps a group's count; nobody reads it.
create table if not exists public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null references showcase_private.notification_types (type),
  actor_id uuid references auth.users (id) on delete set null,
  project_id uuid references public.projects (id) on delete cascade,
  -- The comment or report it is about, so deleting a comment takes its notice away.
  subject_id uuid,
  data jsonb not null default '{}'::jsonb,
  -- A path on this site to open.
  link text,
  group_key text,
  actor_count integer not null default 1,
  in_app boolean not null default true,
  digest_pending boolean not null default false,
  read_at timestamptz,
  created_at timestamptz not null default showcase_private.app_now(),
  updated_at timestamptz not null default showcase_private.app_now()
) with (fillfactor = 90); -- room on the page for a group's in-place updates

create unique index if not exists notifications_group_key on public.notifications (user_id, group_key) where group_key is not null;
-- The inbox (newest activity first) and the bell's unread count.
create index if not exists notifications_inbox_idx on public.notifications (user_id, updated_at desc, id desc) where in_app;
create index if not exists notifications_unread_idx on public.notifications (user_id) where in_app and read_at is null;
create index if not exists notifications_digest_idx on public.notifications (user_id) where digest_pending;
create index if not exists notifications_subject_idx on public.notifications (subject_id) where subject_id is not null;
create index if not exists notifications_project_idx on public.notifications (project_id) where project_id is not null;

alter table public.notifications enable row level security;
revoke all on public.notifications from anon;
revoke insert, update, delete, truncate, references, trigger on public.notifications from authenticated;
grant select on public.notifications to authenticated;
-- Marking read is the one change a recipient makes.
grant update (read_at) on public.notifications to authenticated;

drop policy if exists notifications_read_own on public.notifications;
create policy notifications_read_own on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and in_app and not (select showcase_private.caller_is_anonymous()));

drop policy if exists notifications_mark_own on public.notifications;
create policy notifications_mark_own on public.notifications for update to authenticated
  using (user_id = (select auth.uid()) and in_app and not (select showcase_private.caller_is_anonymous()))
  with check (user_id = (select auth.uid()) and not (select showcase_private.caller_is_anonymous()));

-- The time a notification was read is the database's (the first time; null marks it unread).
create or replace function showcase_private.notifications_before_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.read_at is not null and new.read_at is distinct from old.read_at then
    new.read_at := coalesce(old.read_at, showcase_private.app_now());
  end if;
  return new;
end $$;

drop trigger if exists notifications_before_update on public.notifications;
create trigger notifications_before_update before update on public.notifications
  for each row execute function showcase_private.notifications_before_update();

-- mark_notifications_read(ids) → how many changed; ids null: all of the caller's.
-- Runs as the caller, so RLS decides; it only adds the clear error for an id that is not theirs
-- (or does not exist), in which case nothing is changed.
create or replace function public.mark_notifications_read(notification_ids bigint[] default null)
returns integer
language plpgsql volatile security invoker set search_path = '' as $$
declare
  wanted integer;
  visible integer;
  changed integer;
begin
  if auth.uid() is null or showcase_private.caller_is_anonymous() then
    raise exception 'Sign in to see your notifications' using errcode = '42501';
  end if;
  if notification_ids is null then
    update public.notifications n set read_at = showcase_private.app_now()
     where n.user_id = auth.uid() and n.read_at is null;
    get diagnostics changed = row_count;
    return changed;
  end if;
  wanted := (select count(distinct i) from unnest(notification_ids) i);
  if wanted > 100 then
    raise exception 'Mark at most 100 notifications at once' using errcode = '22023';
  end if;
  visible := (select count(*) from public.notifications n where n.id = any (notification_ids));
  if visible < wanted or array_position(notification_ids, null) is not null then
    raise exception 'Notification not found' using errcode = '22023';
  end if;
  update public.notifications n set read_at = showcase_private.app_now()
   where n.id = any (notification_ids) and n.read_at is null;
  get diagnostics changed = row_count;
  return changed;
end $$;

revoke all on function public.mark_notifications_read(bigint[]) from public, anon;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated, service_role;

-- Distinct actors of grouped notifications ('user:<id>' or a visitor's key), so the same person
-- toggling a vote off and on is counted once.
create table if not exists showcase_private.notification_actors (
  notification_id bigint not null references public.notifications (id) on delete cascade,
  actor_key text not null,
  primary key (notification_id, actor_key)
);
revoke all on showcase_private.notification_actors from public, anon, authenticated;
