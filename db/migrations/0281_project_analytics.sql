-- Maker analytics (issue 32 items 1 and 2, decisions 236 and 237).
--
-- What a visitor leaves, and for how long:
--   platform.analytics_salts   one random salt per site day, made on first use (or by the
--                              rotate-analytics-salt job) and deleted once its day is over, so a
--                              visitor hash of a closed day can never be recomputed.
--   platform.analytics_events  the raw events of the days not yet rolled up: one row per project,
--                              site day, kind and visitor hash (a reload adds nothing). The hash is
--                              sha256(salt, ip, user agent, project), made by the server's beacon
--                              route (server/analytics/); neither the address nor the agent is kept.
--   public.project_daily_stats, public.project_daily_referrers
--                              the roll-up of every closed day (the roll-up-analytics job), read by
--                              the project's makers only; nobody but the server's own connection
--                              writes them, kept ANALYTICS_RETENTION_DAYS (purge-analytics job).
--   public.project_stats(project, from_day, to_day)
--                              the read for a stats page: closed days from the roll-up, today from
--                              the raw events, makers only.
-- It replaces record_project_view (0052, 0073, 0160), whose views keyed on a browser id kept in
-- localStorage: its counts move into the roll-up and the table and function are dropped.

-- The salt of each site day: platform schema, out of every API role's reach ----------------------
create table if not exists platform.analytics_salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) >= 32),
  created_at timestamptz not null default now()
);
revoke all on platform.analytics_salts from public;

-- Raw events, one per project, day, kind and visitor ---------------------------------------------
create table if not exists platform.analytics_events (
  project_id uuid not null references public.projects (id) on delete cascade,
  day date not null,
  kind text not null check (kind in ('view', 'impression', 'live_click', 'repo_click')),
  visitor bytea not null check (octet_length(visitor) = 32),
  -- Where a view came from: a host name only (never a path or query), and utm_source or ref.
  ref_host text check (ref_host ~ '^[a-z0-9.-]{1,253}$'),
  ref_source text check (ref_source ~ '^[a-z0-9._-]{1,64}$'),
  primary key (project_id, day, kind, visitor)
);
create index if not exists analytics_events_day_idx on platform.analytics_events (day);
revoke all on platform.analytics_events from public;

-- The roll-up: one row per project and day -------------------------------------------------------
create table if not exists public.project_daily_stats (
  project_id uuid not null references public.projects (id) on delete cascade,
  day date not null,
  views integer not null default 0 check (views >= 0),
  uniques integer not null default 0 check (uniques >= 0),
  impressions integer not null default 0 check (impressions >= 0),
  live_clicks integer not null default 0 check (live_clicks >= 0),
  repo_clicks integer not null default 0 check (repo_clicks >= 0),
  primary key (project_id, day)
);
create index if not exists project_daily_stats_day_idx on public.project_daily_stats (day);

create table if not exists public.project_daily_referrers (
  project_id uuid not null references public.projects (id) on delete cascade,
  day date not null,
  -- 'host': a referring site's host name; 'source': a utm_source or ref the link carried.
  kind text not null check (kind in ('host', 'source')),
  source text not null check (char_length(source) between 1 and 253),
  visits integer not null check (visits >= 0),
  primary key (project_id, day, kind, source)
);
create index if not exists project_daily_referrers_day_idx on public.project_daily_referrers (day);

-- Who may read a project's stats: its makers (owner and co-makers), not while banned.
create or replace function showcase_private.may_read_project_stats(project uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select showcase_private.may_edit_project(project) and not public.is_banned()
$$;
revoke all on function showcase_private.may_read_project_stats(uuid) from public;
grant execute on function showcase_private.may_read_project_stats(uuid) to anon, authenticated, service_role;

alter table public.project_daily_stats enable row level security;
alter table public.project_daily_referrers enable row level security;
drop policy if exists project_daily_stats_makers on public.project_daily_stats;
create policy project_daily_stats_makers on public.project_daily_stats for select to authenticated
  using (showcase_private.may_read_project_stats(project_id));
drop policy if exists project_daily_referrers_makers on public.project_daily_referrers;
create policy project_daily_referrers_makers on public.project_daily_referrers for select to authenticated
  using (showcase_private.may_read_project_stats(project_id));
-- Read only: no API role may write a count (no grant, and no policy for it either).
revoke all on public.project_daily_stats, public.project_daily_referrers from public, anon, authenticated;
grant select on public.project_daily_stats, public.project_daily_referrers to authenticated;
grant select, insert, update, delete on public.project_daily_stats, public.project_daily_referrers to service_role;

-- The roll-up of closed days (the roll-up-analytics job) -----------------------------------------
-- Adds every raw event of a day before the site's today to the roll-up and deletes it, in one
-- transaction (a function is one): a second run finds nothing left to add, and a run after
-- downtime adds every day it missed. Answers the number of raw events rolled up.
create or replace function platform.analytics_roll_up() returns integer
language plpgsql set search_path = '' as $$
declare
  today date := showcase_private.site_today();
  rolled integer;
begin
  insert into public.project_daily_stats as s (project_id, day, views, uniques, impressions, live_clicks, repo_clicks)
  select e.project_id, e.day,
         count(*) filter (where e.kind = 'view'),
         count(distinct e.visitor),
         count(*) filter (where e.kind = 'impression'),
         count(*) filter (where e.kind = 'live_click'),
         count(*) filter (where e.kind = 'repo_click')
    from platform.analytics_events e
   where e.day < today
   group by e.project_id, e.day
  on conflict (project_id, day) do update
    set views = s.views + excluded.views, uniques = s.uniques + excluded.uniques,
        impressions = s.impressions + excluded.impressions, live_clicks = s.live_clicks + excluded.live_clicks,
        repo_clicks = s.repo_clicks + excluded.repo_clicks;

  insert into public.project_daily_referrers as r (project_id, day, kind, source, visits)
  select e.project_id, e.day, x.kind, x.source, count(*)
    from platform.analytics_events e
    cross join lateral (values ('host', e.ref_host), ('source', e.ref_source)) as x (kind, source)
   where e.day < today and e.kind = 'view' and x.source is not null
   group by e.project_id, e.day, x.kind, x.source
  on conflict (project_id, day, kind, source) do update set visits = r.visits + excluded.visits;

  delete from platform.analytics_events e where e.day < today;
  get diagnostics rolled = row_count;
  return rolled;
end $$;
revoke all on function platform.analytics_roll_up() from public;

-- The read a stats page makes ---------------------------------------------------------------------
-- Closed days from the roll-up (the primary key's range), today from the raw events; at most 400
-- days a call; the 20 busiest referrers of the range.
create or replace function public.project_stats(project uuid, from_day date, to_day date) returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  today date := showcase_private.site_today();
begin
  if project is null or from_day is null or to_day is null or to_day < from_day or to_day - from_day > 400 then
    raise exception 'Ask for at most 400 days, from_day not after to_day' using errcode = '22023';
  end if;
  if not showcase_private.may_read_project_stats(project) then
    raise exception 'Only the project''s makers can see its stats' using errcode = '42501';
  end if;
  return json_build_object(
    'days', coalesce((
      select json_agg(json_build_object('day', d.day, 'views', d.views, 'uniques', d.uniques,
               'impressions', d.impressions, 'live_clicks', d.live_clicks, 'repo_clicks', d.repo_clicks) order by d.day)
        from (
          select s.day, s.views, s.uniques, s.impressions, s.live_clicks, s.repo_clicks
            from public.project_daily_stats s
           where s.project_id = project and s.day between from_day and to_day and s.day < today
          union all
          select e.day,
                 (count(*) filter (where e.kind = 'view'))::integer,
                 (count(distinct e.visitor))::integer,
                 (count(*) filter (where e.kind = 'impression'))::integer,
                 (count(*) filter (where e.kind = 'live_click'))::integer,
                 (count(*) filter (where e.kind = 'repo_click'))::integer
            from platform.analytics_events e
           where e.project_id = project and e.day = today and today between from_day and to_day
           group by e.day
        ) d), '[]'::json),
    'referrers', coalesce((
      select json_agg(json_build_object('kind', r.kind, 'source', r.source, 'visits', r.visits) order by r.visits desc, r.kind, r.source)
        from (
          select x.kind, x.source, sum(x.visits)::integer as visits
            from (
              select rr.kind, rr.source, rr.visits
                from public.project_daily_referrers rr
               where rr.project_id = project and rr.day between from_day and to_day and rr.day < today
              union all
              select v.kind, v.source, count(*)::integer
                from platform.analytics_events e
                cross join lateral (values ('host', e.ref_host), ('source', e.ref_source)) as v (kind, source)
               where e.project_id = project and e.day = today and e.kind = 'view' and v.source is not null
                 and today between from_day and to_day
               group by v.kind, v.source
            ) x
           group by x.kind, x.source
           order by sum(x.visits) desc, x.kind, x.source
           limit 20
        ) r), '[]'::json)
  );
end $$;
revoke all on function public.project_stats(uuid, date, date) from public, anon;
grant execute on function public.project_stats(uuid, date, date) to authenticated, service_role;

-- Outbound links: a maker may opt out of the ?ref= the site adds to their links ------------------
alter table public.projects add column if not exists outbound_ref boolean not null default true;

-- The old counter moves into the roll-up, then goes ----------------------------------------------
insert into public.project_daily_stats as s (project_id, day, views, uniques)
select v.project_id, v.viewed_on, count(*), count(*)
  from public.project_views v
 group by v.project_id, v.viewed_on
on conflict (project_id, day) do update set views = s.views + excluded.views, uniques = s.uniques + excluded.uniques;

drop function if exists public.record_project_view(uuid, text);
drop table if exists public.project_views;

-- The admin's Total Views: the roll-up and today's raw views -------------------------------------
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
    'totalViews', (select coalesce(sum(s.views), 0) from public.project_daily_stats s)
                  + (select count(*) from platform.analytics_events e where e.kind = 'view'),
    'totalComments', (select count(*) from public.project_comments)
  );
end $$;
