-- Anonymous users (supabase.auth.signInAnonymously): a visitor's first upvote signs them in
-- silently, so a vote belongs to an account the server issued, not to an id the browser chose.
-- Such a user holds the `authenticated` role and a JWT with "is_anonymous": true. They may vote
-- and nothing else that writes: every policy and function that writes asks public.is_anonymous()
-- (decision 120).

-- The claim, read from the verified JWT. A token that says "is_anonymous": false but was issued to
-- an anonymous user cannot exist (the server signs it from the user row), and a forged one fails
-- its signature (401) before any policy runs. An anonymous user who converts keeps this answer
-- until their token is refreshed: the mistake can only be on the refusing side.
create or replace function public.is_anonymous() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
$$;
revoke all on function public.is_anonymous() from public;
grant execute on function public.is_anonymous() to anon, authenticated, service_role;

-- Staff rights never reach an anonymous session, whatever its account row says, so every staff
-- policy and admin function (which all ask these two) refuses it too.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'admin'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
       from auth.users u where u.id = auth.uid()),
    false)
$$;

create or replace function public.is_moderator() returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'moderator'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
       from auth.users u where u.id = auth.uid()),
    false)
$$;

create or replace function storage.caller_is_admin() returns boolean
  language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and exists (
    select 1 from auth.users u
    where u.id = auth.uid()
      and u.raw_app_meta_data ->> 'role' = 'admin'
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

-- Uploads (project images) are for makers: not for anonymous sessions.
create or replace function storage.caller_may_upload() returns boolean
  language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and exists (
    select 1 from auth.users u
    where u.id = auth.uid()
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

drop policy if exists "project-images: owners delete" on storage.objects;
create policy "project-images: owners delete" on storage.objects
  for delete to authenticated
  using (bucket_id = 'project-images' and owner = (select auth.uid()) and not (select public.is_anonymous()));

-- The admin panel's guard: an anonymous session is a visitor, not a 'user'.
create or replace function public.current_staff_role() returns text
language sql stable as $$
  select case
    when auth.uid() is null or public.is_anonymous() then null
    when public.is_admin() then 'admin'
    when public.is_moderator() then 'moderator'
    else 'user'
  end
$$;

-- Showcase writes: the policies of 0005, 0042 and 0053 with the anonymous check added ------------
drop policy if exists creators_insert_self on public.creators;
create policy creators_insert_self on public.creators for insert to authenticated
  with check (id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists creators_update_self on public.creators;
create policy creators_update_self on public.creators for update to authenticated
  using (id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()))
  with check (id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists projects_insert_own on public.projects;
create policy projects_insert_own on public.projects for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and status = 'pending'
    and featured = false
    and upvotes = 0
    and comment_count = 0
    and not (select public.is_banned())
    and not (select public.is_anonymous())
  );

drop policy if exists projects_update_own on public.projects;
create policy projects_update_own on public.projects for update to authenticated
  using (creator_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()))
  with check (creator_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists projects_delete_own on public.projects;
create policy projects_delete_own on public.projects for delete to authenticated
  using (creator_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists comments_insert_own on public.project_comments;
create policy comments_insert_own on public.project_comments for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not (select public.is_banned())
    and not (select public.is_anonymous())
    and exists (select 1 from public.projects p where p.id = project_id and p.status = 'approved')
  );

drop policy if exists comments_update_own on public.project_comments;
create policy comments_update_own on public.project_comments for update to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()))
  with check (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists comments_delete_own on public.project_comments;
create policy comments_delete_own on public.project_comments for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists reports_insert_own on public.reports;
create policy reports_insert_own on public.reports
  for insert to authenticated
  with check (reporter_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

-- People, as the admin panel counts and lists them: anonymous users are visitors --------------
create or replace function public.admin_list_users(search text default '', max_rows integer default 50, skip_rows integer default 0)
returns table (
  id uuid,
  email text,
  role text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  is_banned boolean,
  name text,
  bio text,
  avatar_url text,
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  term text := lower(btrim(coalesce(search, '')));
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view users' using errcode = '42501';
  end if;
  if char_length(term) > 200 then
    raise exception 'Search text is too long (at most 200 characters)' using errcode = '22023';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 100 or skip_rows is null or skip_rows < 0 then
    raise exception 'max_rows must be between 1 and 100 and skip_rows at least 0' using errcode = '22023';
  end if;
  return query
    with listed as (
      select u.id,
             coalesce(u.email::text, 'No email') as email,
             case when u.raw_app_meta_data ->> 'role' in ('admin', 'moderator') then u.raw_app_meta_data ->> 'role' else 'user' end as role,
             u.created_at,
             u.last_sign_in_at,
             (u.banned_until is not null and u.banned_until > now()) as is_banned,
             coalesce(cr.name, nullif(u.raw_user_meta_data ->> 'name', ''), split_part(u.email, '@', 1), 'Unknown') as name,
             cr.bio,
             coalesce(cr.avatar_url, nullif(u.raw_user_meta_data ->> 'avatar_url', '')) as avatar_url
        from auth.users u
        left join public.creators cr on cr.id = u.id
       where u.deleted_at is null and not u.is_anonymous
    )
    select l.*, count(*) over () as total_count
      from listed l
     -- strpos, not ilike: what the admin types is matched literally, % and _ included.
     where term = '' or strpos(lower(l.email), term) > 0 or strpos(lower(l.name), term) > 0
     order by l.created_at desc, l.id
     limit max_rows offset skip_rows;
end $$;

create or replace function public.admin_dashboard_stats()
returns json
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view stats' using errcode = '42501';
  end if;
  return json_build_object(
    'totalUsers', (select count(*) from auth.users u where u.deleted_at is null and not u.is_anonymous),
    'totalProjects', (select count(*) from public.projects),
    'totalViews', (select count(*) from public.project_views),
    'totalComments', (select count(*) from public.project_comments)
  );
end $$;

-- "New user registered" when a person registers: not for every visitor's first vote, but when an
-- anonymous user converts (signs up from their anonymous session, keeping their votes).
create or replace function showcase_private.activity_on_signup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.is_anonymous then
    return null;
  end if;
  perform showcase_private.log_activity('user_signed_up', 'New user registered: ' || coalesce(new.email, 'No email'), new.id, new.id);
  return null;
end $$;

create or replace function showcase_private.activity_on_conversion() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.is_anonymous and not new.is_anonymous then
    perform showcase_private.log_activity('user_signed_up', 'New user registered: ' || coalesce(new.email, 'No email'), new.id, new.id);
  end if;
  return null;
end $$;

drop trigger if exists activity_on_conversion on auth.users;
create trigger activity_on_conversion after update of is_anonymous on auth.users
  for each row execute function showcase_private.activity_on_conversion();

-- Settings and bookkeeping the anonymous path needs ---------------------------------------------
-- Admin panel › Settings › Security: independent of allow_registration, as GoTrue's
-- external.anonymous_users is of disable_signup.
alter table public.site_settings add column if not exists allow_anonymous_votes boolean not null default true;

-- GoTrue's column for the e-mail change that converts an anonymous user (sent, not yet confirmed),
-- and an index to purge old anonymous users by age. Guarded: on hosted Supabase auth.users belongs
-- to the auth server's role, already has the column, and the purge is GoTrue's own.
do $$
begin
  alter table auth.users add column if not exists email_change_sent_at timestamptz;
  create index if not exists users_anonymous_created_at_idx on auth.users (created_at) where is_anonymous;
exception when insufficient_privilege then
  null;
end $$;
