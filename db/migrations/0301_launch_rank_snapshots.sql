-- Rank over a launch day (issue 32 item 3, decision 257).
--
-- The leaderboard is computed when it is read, so yesterday's 14:00 rank exists nowhere unless it
-- is written down. The take-rank-snapshots job (server/jobs/, every 10 minutes) calls
-- platform.take_rank_snapshots(), which writes each of today's launches' rank, points and public
-- vote count at the current 10-minute slot, and the closing standing of yesterday's launches at
-- midnight (the day's final rank). The slot is in the key, so a second instance, a retry or two
-- runs in one slot write each snapshot once.
--
-- Kept: every snapshot for 30 days (the launch report and the stats page's launch day), then only
-- the hourly ones and the closing one, as long as the daily stats (ANALYTICS_RETENTION_DAYS, the
-- purge-analytics job): about 25 rows per launch instead of 145.
--
-- Read by the project's makers only (RLS, as the daily stats), through project_stats_page (0302).

create table if not exists public.project_rank_snapshots (
  project_id uuid not null references public.projects (id) on delete cascade,
  taken_at timestamptz not null,
  -- The project's launch day (site time zone): the day this rank is a place in.
  day date not null,
  -- Null while the day's first hours shuffle the list (Admin › Settings): the maker sees no rank
  -- the public list did not show.
  rank integer check (rank >= 1),
  points double precision not null,
  upvotes integer not null check (upvotes >= 0),
  -- The standing when the day closed, written by the first run after its midnight.
  closing boolean not null default false,
  primary key (project_id, taken_at)
);
create index if not exists project_rank_snapshots_day_idx on public.project_rank_snapshots (day);

alter table public.project_rank_snapshots enable row level security;
drop policy if exists project_rank_snapshots_makers on public.project_rank_snapshots;
create policy project_rank_snapshots_makers on public.project_rank_snapshots for select to authenticated
  using (showcase_private.may_read_project_stats(project_id));
revoke all on public.project_rank_snapshots from public, anon, authenticated;
grant select on public.project_rank_snapshots to authenticated;
grant select, insert, update, delete on public.project_rank_snapshots to service_role;

-- One day's ranking as the public list orders it (launch_leaderboard, 0270): points, then the
-- public vote count, then who launched first.
create or replace function showcase_private.day_ranking(day date)
returns table (project_id uuid, rank integer, points double precision, upvotes integer)
language sql stable security definer set search_path = '' as $$
  select r.project_id,
         (row_number() over (order by r.window_points desc, r.upvotes desc, r.launched_at, r.project_id))::integer,
         r.window_points, r.upvotes
    from showcase_private.period_ranking('day', day) r
$$;
revoke all on function showcase_private.day_ranking(date) from public, anon, authenticated;

-- Writes the snapshots of the current slot (slot_minutes wide) and yesterday's closing standing;
-- answers the number of rows written.
create or replace function platform.take_rank_snapshots(slot_minutes integer default 10) returns integer
language plpgsql set search_path = '' as $$
declare
  now_at timestamptz := showcase_private.app_now();
  today date := showcase_private.site_today();
  slot timestamptz;
  shuffled boolean;
  written integer;
  closed integer;
begin
  if slot_minutes is null or slot_minutes < 1 or slot_minutes > 60 then
    raise exception 'slot_minutes must be between 1 and 60' using errcode = '22023';
  end if;
  slot := to_timestamp(floor(extract(epoch from now_at) / (slot_minutes * 60)) * (slot_minutes * 60));
  shuffled := now_at < showcase_private.day_start(today) + interval '4 hours'
              and coalesce((select s.launch_shuffle from public.site_settings s where s.id), true);

  insert into public.project_rank_snapshots (project_id, taken_at, day, rank, points, upvotes)
  select r.project_id, slot, today, case when shuffled then null else r.rank end, r.points, r.upvotes
    from showcase_private.day_ranking(today) r
  on conflict (project_id, taken_at) do nothing;
  get diagnostics written = row_count;

  -- Yesterday's final standing, once (a run after downtime still finds it: votes after midnight
  -- do not count towards a closed day's points).
  insert into public.project_rank_snapshots (project_id, taken_at, day, rank, points, upvotes, closing)
  select r.project_id, showcase_private.day_start(today), today - 1, r.rank, r.points, r.upvotes, true
    from showcase_private.day_ranking(today - 1) r
   where not exists (select 1 from public.project_rank_snapshots s where s.project_id = r.project_id and s.closing)
  on conflict (project_id, taken_at) do nothing;
  get diagnostics closed = row_count;

  -- After 30 days only the hourly snapshots and the closing one stay.
  delete from public.project_rank_snapshots s
   where s.day < today - 30 and not s.closing and date_trunc('hour', s.taken_at) <> s.taken_at;

  return written + closed;
end $$;
revoke all on function platform.take_rank_snapshots(integer) from public;
