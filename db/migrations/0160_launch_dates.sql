-- Launches (issue 16), part 1: launch days and the one rule that says whether a project is launched.
--
--   projects.launch_date   the day a maker picked (null: "as soon as approved")
--   projects.launched_at   when it launches or launched: set by the database when the project is
--                          approved, to 00:00 of its launch day in the site's time zone, or the
--                          approval itself when that is later (decision 160)
--   showcase_private.is_launched(status, launched_at)
--                          THE rule: approved and launched_at reached on the app clock. Policies,
--                          the listing, toggle_vote, comments, views, sitemap, feed and meta use it.

-- Settings: Admin › Settings › Launches ---------------------------------------------------------
alter table public.site_settings add column if not exists launches_per_day integer not null default 0
  constraint site_settings_launches_per_day_range check (launches_per_day between 0 and 1000);
alter table public.site_settings add column if not exists launch_shuffle boolean not null default true;

-- Neither is public: the day picker reads the cap through launch_day_counts().

-- Columns ---------------------------------------------------------------------------------------
alter table public.projects add column if not exists launch_date date;
alter table public.projects add column if not exists launched_at timestamptz;
-- Everything approved before launches existed launched when it was submitted.
update public.projects set launched_at = created_at where status = 'approved' and launched_at is null;
create index if not exists projects_launched_at_idx on public.projects (launched_at desc) where status = 'approved';
create index if not exists projects_launch_date_idx on public.projects (launch_date) where launch_date is not null;

-- Time helpers ----------------------------------------------------------------------------------
create or replace function showcase_private.site_time_zone() returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.time_zone from public.site_settings s where s.id), 'UTC')
$$;

-- 00:00 of a day in the site's time zone.
create or replace function showcase_private.day_start(day date) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select (day::timestamp) at time zone showcase_private.site_time_zone()
$$;

-- Today in the site's time zone, on the app clock.
create or replace function showcase_private.site_today() returns date
language sql stable security definer set search_path = '' as $$
  select (showcase_private.app_now() at time zone showcase_private.site_time_zone())::date
$$;

-- No SET clause, so Postgres inlines it: in a policy or a view the clock is read once per
-- statement and the launched_at index applies (names are schema-qualified instead).
create or replace function showcase_private.is_launched(status text, launched_at timestamptz) returns boolean
language sql stable as $$
  select status = 'approved' and launched_at is not null and launched_at <= (select showcase_private.app_now())
$$;

revoke all on function showcase_private.site_time_zone(), showcase_private.day_start(date),
  showcase_private.site_today(), showcase_private.is_launched(text, timestamptz) from public;
grant execute on function showcase_private.site_time_zone(), showcase_private.day_start(date),
  showcase_private.site_today(), showcase_private.is_launched(text, timestamptz) to anon, authenticated, service_role;

-- Scheduling rules and launched_at --------------------------------------------------------------
-- Field errors (check_violation, detail 'launch_date', answered 400); the form shows the message
-- under the launch day. The server's own connection (seeding, imports) may schedule any day.
create or replace function showcase_private.projects_launch_schedule() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  at timestamptz := showcase_private.app_now();
  today date := showcase_private.site_today();
  cap integer;
  taken integer;
  date_changed boolean := tg_op = 'INSERT' or new.launch_date is distinct from old.launch_date;
  -- launched_at is the database's: only the server's own connection, service_role or this
  -- migration's own definer code (which sets showcase.launch_internal) may write it.
  privileged boolean := coalesce(current_setting('showcase.launch_internal', true), '') = 'on'
                        or showcase_private.caller_privileged();
begin
  if tg_op = 'UPDATE' and not privileged then
    new.launched_at := old.launched_at;
  end if;

  if date_changed and not privileged then
    if tg_op = 'UPDATE' and showcase_private.is_launched(old.status, old.launched_at) then
      raise exception 'This project has launched: its launch day can no longer change'
        using errcode = '23514', detail = 'launch_date';
    end if;
    if new.launch_date is not null then
      if new.launch_date < today then
        raise exception 'Pick a launch day from today on' using errcode = '23514', detail = 'launch_date';
      end if;
      if new.launch_date > today + 30 then
        raise exception 'Pick a launch day within the next 30 days' using errcode = '23514', detail = 'launch_date';
      end if;
      cap := coalesce((select s.launches_per_day from public.site_settings s where s.id), 0);
      if cap > 0 then
        -- One scheduler per day at a time, so two makers cannot both take the last place.
        perform pg_advisory_xact_lock(161616, hashtext(new.launch_date::text));
        select count(*) into taken from public.projects p
         where p.launch_date = new.launch_date and p.status <> 'rejected' and p.id <> new.id;
        if taken >= cap then
          raise exception 'That launch day is full: pick another day' using errcode = '23514', detail = 'launch_date';
        end if;
      end if;
    end if;
  end if;

  if new.status = 'approved' then
    if tg_op = 'INSERT' then
      new.launched_at := coalesce(case when privileged then new.launched_at end,
        greatest(least(new.created_at, at), showcase_private.day_start(new.launch_date)));
    elsif old.launched_at is null or date_changed or (old.status <> 'approved' and old.launched_at > at) then
      new.launched_at := greatest(at, showcase_private.day_start(new.launch_date));
    end if;
  elsif tg_op = 'INSERT' then
    new.launched_at := null;
  elsif new.launched_at is not null and new.launched_at > at then
    -- Not launched yet and out of the showcase again: its time is decided at the next approval.
    new.launched_at := null;
  end if;
  return new;
end $$;

-- is_privileged() (0004) is invoker-rights; a definer trigger must ask from the caller's side.
create or replace function showcase_private.caller_privileged() returns boolean
language sql stable set search_path = '' as $$
  select session_user not in ('anon', 'authenticated')
     and coalesce(current_setting('role', true), 'none') not in ('anon', 'authenticated')
$$;
revoke all on function showcase_private.caller_privileged() from public;
grant execute on function showcase_private.caller_privileged() to anon, authenticated, service_role;

revoke all on function showcase_private.projects_launch_schedule() from public;
-- Named to fire after projects_before_write (status may turn 'pending' there) and before
-- projects_vote_columns.
drop trigger if exists projects_launch_schedule on public.projects;
create trigger projects_launch_schedule before insert or update on public.projects
  for each row execute function showcase_private.projects_launch_schedule();

-- A new site time zone moves the scheduled (not yet launched) launches with it.
create or replace function showcase_private.site_zone_moves_launches() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.time_zone is distinct from old.time_zone then
    perform set_config('showcase.launch_internal', 'on', true);
    update public.projects p
       set launched_at = greatest(showcase_private.app_now(), (p.launch_date::timestamp) at time zone new.time_zone)
     where p.status = 'approved' and p.launch_date is not null and p.launched_at > showcase_private.app_now();
    perform set_config('showcase.launch_internal', '', true);
  end if;
  return null;
end $$;
revoke all on function showcase_private.site_zone_moves_launches() from public;
drop trigger if exists site_zone_moves_launches on public.site_settings;
create trigger site_zone_moves_launches after update of time_zone on public.site_settings
  for each row execute function showcase_private.site_zone_moves_launches();

-- Policies: launched projects are public; owners and staff still read theirs (0005) ------------
drop policy if exists projects_read_approved on public.projects;
create policy projects_read_approved on public.projects for select to anon, authenticated
  using (showcase_private.is_launched(status, launched_at));

drop policy if exists comments_insert_own on public.project_comments;
create policy comments_insert_own on public.project_comments for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not (select public.is_banned())
    and not (select public.is_anonymous())
    and exists (select 1 from public.projects p where p.id = project_id
                 and showcase_private.is_launched(p.status, p.launched_at))
  );

-- toggle_vote (0091) with one more refusal: an upcoming project takes no votes yet.
create or replace function public.toggle_vote(project_id uuid)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  at timestamptz := showcase_private.app_now();
  voter_created timestamptz;
  voter_anonymous boolean;
  project_status text;
  project_launched_at timestamptz;
  added boolean;
  net text;
  new_count integer;
begin
  if caller is null then
    raise exception 'Sign in to vote' using errcode = '42501',
      hint = 'Visitors vote from an anonymous session: supabase.auth.signInAnonymously().';
  end if;
  if public.is_banned() then
    raise exception 'This account cannot vote' using errcode = '42501';
  end if;

  select p.status, p.launched_at into project_status, project_launched_at from public.projects p
   where p.id = toggle_vote.project_id
   for no key update;
  if project_status is distinct from 'approved' then
    raise sqlstate 'PT404' using message = 'Project not found';
  end if;
  if not showcase_private.is_launched(project_status, project_launched_at) then
    raise exception 'Voting opens when the project launches' using errcode = '42501';
  end if;

  delete from public.project_votes v where v.project_id = toggle_vote.project_id and v.user_id = caller;
  added := not found;
  if added then
    select u.created_at, u.is_anonymous into voter_created, voter_anonymous from auth.users u where u.id = caller;
    net := showcase_private.vote_network(caller, voter_created, at);
    insert into public.project_votes (project_id, user_id, created_at, network, window_start, base_weight)
    values (
      toggle_vote.project_id, caller, at, net,
      case when net is not null
           then date_bin((select w.group_window from showcase_private.vote_weighting() w), at, timestamptz '2000-01-01 00:00:00+00') end,
      showcase_private.vote_base_weight(voter_anonymous, voter_created, at));
  end if;

  select p.upvotes into new_count from public.projects p where p.id = toggle_vote.project_id;
  return json_build_object('upvoted', added, 'upvotes', new_count);
end $$;
revoke all on function public.toggle_vote(uuid) from public;
grant execute on function public.toggle_vote(uuid) to anon, authenticated, service_role;

-- record_project_view (0073): only a launched project counts visitors.
create or replace function public.record_project_view(project_id uuid, browser_id text)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  visible boolean;
  inserted integer;
begin
  if browser_id is null or browser_id !~ '^[A-Za-z0-9_-]{16,64}$' then
    raise exception 'Invalid browser id' using errcode = '22023',
      hint = 'Send a random identifier of 16 to 64 letters, digits, - or _ kept by the browser.';
  end if;
  select showcase_private.is_launched(p.status, p.launched_at) into visible
    from public.projects p where p.id = record_project_view.project_id;
  if visible is null then
    raise exception 'Project not found' using errcode = 'PT404';
  end if;
  if not visible then
    return false;
  end if;
  insert into public.project_views (project_id, browser_id)
  values (record_project_view.project_id, record_project_view.browser_id)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted > 0;
end $$;

-- /upcoming: approved projects whose day has not come, with what the page shows and no counts.
create or replace view public.upcoming_projects with (security_invoker = false) as
select p.id, p.title, p.description, p.image_url, p.tool, p.category, p.creator_id,
       c.name as creator_name, p.launch_date, p.launched_at
  from public.projects p
  left join public.creators c on c.id = p.creator_id
 where p.status = 'approved' and p.launched_at > showcase_private.app_now();
revoke all on public.upcoming_projects from public, anon, authenticated;
grant select on public.upcoming_projects to anon, authenticated, service_role;

-- launch_day_counts(): the next 31 days (today first) with how many launches each has taken and
-- the cap (0 = none), for the day picker. Counts only; nothing about which projects.
create or replace function public.launch_day_counts()
returns table (day date, scheduled integer, cap integer)
language sql stable security definer set search_path = '' as $$
  select d::date,
         (select count(*)::integer from public.projects p where p.launch_date = d::date and p.status <> 'rejected'),
         coalesce((select s.launches_per_day from public.site_settings s where s.id), 0)
    from generate_series(showcase_private.site_today(), showcase_private.site_today() + 30, interval '1 day') d
$$;
revoke all on function public.launch_day_counts() from public;
grant execute on function public.launch_day_counts() to anon, authenticated, service_role;
