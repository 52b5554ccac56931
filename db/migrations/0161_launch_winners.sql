-- Launches (issue 16), part 2: leaderboards on in-window points, and frozen winners.
--
-- A period is a day, an ISO week (from Monday) or a month of the site's time zone. Its leaderboard
-- ranks the projects that launched in it by the points of the votes cast in it (a vote before or
-- after the window does not count for it, as on DevHunt). When a period closes, a scheduled job
-- (server/jobs/launch-winners.ts) freezes its top 3 into launch_winners, once: launch_periods
-- holds one row per computed period, and its primary key makes a second computation (another
-- instance, a retry) a no-op. Only an admin changes a frozen result, through
-- admin_recompute_winners, which logs who, when, why and what changed (decision 162).

create or replace function showcase_private.period_end(period text, period_start date) returns date
language sql immutable set search_path = '' as $$
  select (period_start + case period when 'day' then interval '1 day' when 'week' then interval '7 days'
                                     else interval '1 month' end)::date
$$;

-- Whether period_start is where such a period starts (any day, a Monday, a 1st).
create or replace function showcase_private.valid_period(period text, period_start date) returns boolean
language sql immutable set search_path = '' as $$
  select period_start is not null and case period
    when 'day' then true
    when 'week' then extract(isodow from period_start) = 1
    when 'month' then extract(day from period_start) = 1
    else false end
$$;

create or replace function showcase_private.award_label(period text, rank integer) returns text
language sql immutable set search_path = '' as $$
  select '#' || rank || ' Project of the ' || case period when 'day' then 'Day' when 'week' then 'Week' else 'Month' end
$$;

-- The ranking of one period: launched projects of the window by points earned in the window.
create or replace function showcase_private.period_ranking(period text, period_start date)
returns table (project_id uuid, window_points float8, upvotes integer, launched_at timestamptz)
language sql stable security definer set search_path = '' as $$
  with w as (
    select showcase_private.day_start(period_start) as starts,
           showcase_private.day_start(showcase_private.period_end(period, period_start)) as ends
  )
  select p.id,
         coalesce((select sum(showcase_private.vote_points(v.base_weight, v.discount_id is not null, g.accounts))
                     from public.project_votes v
                     left join showcase_private.vote_groups g
                       on g.project_id = v.project_id and g.network = v.network and g.window_start = v.window_start
                    where v.project_id = p.id and v.created_at >= w.starts and v.created_at < w.ends), 0)::float8,
         p.upvotes, p.launched_at
    from public.projects p, w
   where p.status = 'approved'
     and p.launched_at >= w.starts and p.launched_at < w.ends
     and showcase_private.is_launched(p.status, p.launched_at)
$$;

-- Frozen results ---------------------------------------------------------------------------------
create table if not exists showcase_private.launch_periods (
  period text not null check (period in ('day', 'week', 'month')),
  period_start date not null,
  computed_at timestamptz not null,
  primary key (period, period_start)
);
revoke all on showcase_private.launch_periods from public, anon, authenticated;

create table if not exists public.launch_winners (
  period text not null check (period in ('day', 'week', 'month')),
  period_start date not null,
  rank smallint not null check (rank between 1 and 3),
  project_id uuid not null references public.projects (id) on delete cascade,
  points float8 not null,
  computed_at timestamptz not null,
  primary key (period, period_start, rank)
);
create index if not exists launch_winners_project_idx on public.launch_winners (project_id);
alter table public.launch_winners enable row level security;
revoke all on public.launch_winners from public, anon, authenticated;
grant select on public.launch_winners to anon, authenticated;
grant all on public.launch_winners to service_role;
-- A winner is shown while its project is (the subquery runs under the projects policies).
drop policy if exists launch_winners_read on public.launch_winners;
create policy launch_winners_read on public.launch_winners for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));

-- Every admin recompute, with what it changed.
create table if not exists public.launch_recomputes (
  id bigint generated always as identity primary key,
  period text not null,
  period_start date not null,
  admin_id uuid references auth.users (id) on delete set null,
  reason text not null,
  before jsonb not null,
  after jsonb not null,
  created_at timestamptz not null
);
alter table public.launch_recomputes enable row level security;
revoke all on public.launch_recomputes from public, anon, authenticated;
grant select on public.launch_recomputes to authenticated;
grant all on public.launch_recomputes to service_role;
drop policy if exists launch_recomputes_admin_read on public.launch_recomputes;
create policy launch_recomputes_admin_read on public.launch_recomputes for select to authenticated
  using ((select public.is_admin()));

-- Writes the top 3 of a closed period. Without force: only if the period was never computed
-- (answers null then). Makers of new winning places are notified.
create or replace function showcase_private.compute_period(period text, period_start date, force boolean default false)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  at timestamptz := showcase_private.app_now();
  won integer := 0;
  previous jsonb;
  w record;
begin
  if not showcase_private.valid_period(compute_period.period, compute_period.period_start) then
    raise exception 'Unknown period' using errcode = '22023';
  end if;
  if showcase_private.day_start(showcase_private.period_end(compute_period.period, compute_period.period_start)) > at then
    raise exception 'This period has not closed yet' using errcode = '22023';
  end if;
  insert into showcase_private.launch_periods as lp (period, period_start, computed_at)
  values (compute_period.period, compute_period.period_start, at)
  on conflict (period, period_start) do nothing;
  if not found then
    if not force then
      return null;
    end if;
    update showcase_private.launch_periods lp set computed_at = at
     where lp.period = compute_period.period and lp.period_start = compute_period.period_start;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('rank', lw.rank, 'project_id', lw.project_id)), '[]') into previous
    from public.launch_winners lw
   where lw.period = compute_period.period and lw.period_start = compute_period.period_start;
  delete from public.launch_winners lw where lw.period = compute_period.period and lw.period_start = compute_period.period_start;

  for w in
    select r.project_id, r.window_points, p.creator_id,
           row_number() over (order by r.window_points desc, r.upvotes desc, r.launched_at, r.project_id)::smallint as rank
      from showcase_private.period_ranking(compute_period.period, compute_period.period_start) r
      join public.projects p on p.id = r.project_id
     where r.window_points > 0
     order by rank
     limit 3
  loop
    insert into public.launch_winners (period, period_start, rank, project_id, points, computed_at)
    values (compute_period.period, compute_period.period_start, w.rank, w.project_id, w.window_points, at);
    won := won + 1;
    if not previous @> jsonb_build_array(jsonb_build_object('rank', w.rank, 'project_id', w.project_id)) then
      perform showcase_private.notify(w.creator_id, 'project_won', null, w.project_id, null,
        jsonb_build_object('award', showcase_private.award_label(compute_period.period, w.rank),
                           'period', compute_period.period, 'period_start', compute_period.period_start),
        '/projects/' || w.project_id);
    end if;
  end loop;
  return won;
end $$;

-- From when the job catches up: the day launches arrived on this site (earlier days are history,
-- and nobody should be told they won a month of 2024). Seeding sets it back for its demo days.
create table if not exists showcase_private.launches_since (
  singleton boolean primary key default true check (singleton),
  day date not null
);
insert into showcase_private.launches_since (day) values (showcase_private.site_today()) on conflict do nothing;
revoke all on showcase_private.launches_since from public, anon, authenticated;

-- Computes every closed period since launches_since that was never computed; answers how many.
create or replace function showcase_private.close_launch_periods() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  since date := (select l.day from showcase_private.launches_since l);
  today date := showcase_private.site_today();
  kind text;
  first date;
  d date;
  done integer := 0;
begin
  foreach kind in array array['day', 'week', 'month'] loop
    first := date_trunc(kind, since::timestamp)::date;
    d := first;
    while showcase_private.period_end(kind, d) <= today loop
      if not exists (select 1 from showcase_private.launch_periods lp where lp.period = kind and lp.period_start = d) then
        if showcase_private.compute_period(kind, d) is not null then
          done := done + 1;
        end if;
      end if;
      d := showcase_private.period_end(kind, d);
    end loop;
  end loop;
  return done;
end $$;
revoke all on function showcase_private.period_ranking(text, date), showcase_private.compute_period(text, date, boolean),
  showcase_private.close_launch_periods() from public, anon, authenticated;

-- Public reads ------------------------------------------------------------------------------------
-- launch_leaderboard(period, period_start) → the period's launched projects, best first, with the
-- in-window points; rank is null while the day's first 4 hours show a shuffle (Admin › Settings).
create or replace function public.launch_leaderboard(period text, period_start date, max_rows integer default 50)
returns table (rank integer, id uuid, title text, description text, image_url text, tool text, category text,
               creator_id uuid, creator_name text, upvotes integer, points float8, launched_at timestamptz,
               award text, shuffled boolean)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  shuffle boolean;
begin
  if not showcase_private.valid_period(launch_leaderboard.period, launch_leaderboard.period_start) then
    raise exception 'Unknown period' using errcode = '22023',
      hint = 'day: any date; week: a Monday; month: the 1st.';
  end if;
  shuffle := launch_leaderboard.period = 'day' and launch_leaderboard.period_start = showcase_private.site_today()
             and showcase_private.app_now() < showcase_private.day_start(launch_leaderboard.period_start) + interval '4 hours'
             and coalesce((select s.launch_shuffle from public.site_settings s where s.id), true);
  return query
  select case when shuffle then null else (row_number() over (order by r.window_points desc, r.upvotes desc, r.launched_at, r.project_id))::integer end,
         p.id, p.title, p.description, p.image_url, p.tool, p.category, p.creator_id, c.name, p.upvotes,
         r.window_points, p.launched_at,
         (select showcase_private.award_label(lw.period, lw.rank) from public.launch_winners lw
           where lw.project_id = p.id and lw.period = launch_leaderboard.period and lw.period_start = launch_leaderboard.period_start),
         shuffle
    from showcase_private.period_ranking(launch_leaderboard.period, launch_leaderboard.period_start) r
    join public.projects p on p.id = r.project_id
    left join public.creators c on c.id = p.creator_id
   order by case when shuffle then md5(p.id::text || launch_leaderboard.period_start::text) end,
            r.window_points desc, r.upvotes desc, p.launched_at, p.id
   limit least(greatest(coalesce(max_rows, 50), 1), 100);
end $$;
revoke all on function public.launch_leaderboard(text, date, integer) from public;
grant execute on function public.launch_leaderboard(text, date, integer) to anon, authenticated, service_role;

-- /winners: frozen winners with what a card shows, newest period first.
create or replace view public.launch_winner_cards with (security_invoker = false) as
select lw.period, lw.period_start, lw.rank, lw.points, showcase_private.award_label(lw.period, lw.rank) as award,
       p.id as project_id, p.title, p.description, p.image_url, p.tool, p.category, p.creator_id,
       c.name as creator_name, p.upvotes
  from public.launch_winners lw
  join public.projects p on p.id = lw.project_id
  left join public.creators c on c.id = p.creator_id
 where showcase_private.is_launched(p.status, p.launched_at);
revoke all on public.launch_winner_cards from public, anon, authenticated;
grant select on public.launch_winner_cards to anon, authenticated, service_role;

-- Admin › recompute a closed period (after a vote discount): explicit, logged.
create or replace function public.admin_recompute_winners(period text, period_start date, reason text)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean_reason text := nullif(btrim(coalesce(reason, '')), '');
  before_rows jsonb;
  after_rows jsonb;
begin
  if not public.is_admin() then
    raise exception 'Only admins can recompute winners' using errcode = '42501';
  end if;
  if clean_reason is null or char_length(clean_reason) > 500 then
    raise exception 'Please give a reason (at most 500 characters); it is logged' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('rank', lw.rank, 'project_id', lw.project_id, 'points', lw.points) order by lw.rank), '[]')
    into before_rows from public.launch_winners lw
   where lw.period = admin_recompute_winners.period and lw.period_start = admin_recompute_winners.period_start;
  perform showcase_private.compute_period(admin_recompute_winners.period, admin_recompute_winners.period_start, true);
  select coalesce(jsonb_agg(jsonb_build_object('rank', lw.rank, 'project_id', lw.project_id, 'points', lw.points) order by lw.rank), '[]')
    into after_rows from public.launch_winners lw
   where lw.period = admin_recompute_winners.period and lw.period_start = admin_recompute_winners.period_start;
  insert into public.launch_recomputes (period, period_start, admin_id, reason, before, after, created_at)
  values (admin_recompute_winners.period, admin_recompute_winners.period_start, auth.uid(), clean_reason, before_rows, after_rows, showcase_private.app_now());
  return json_build_object('before', before_rows, 'after', after_rows);
end $$;
revoke all on function public.admin_recompute_winners(text, date, text) from public;
grant execute on function public.admin_recompute_winners(text, date, text) to authenticated, service_role;
