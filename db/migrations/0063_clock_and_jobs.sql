-- One clock for the server and the database ----------------------------------------------------
-- Time-based rules (rate-limit windows, cool-downs, scheduled jobs, launch days) read
-- showcase_private.app_now() instead of now(), so tests can move time for the server and the
-- database together (server/clock.ts) instead of sleeping. The offset lives in a table of the
-- platform schema, which no API role can read or write; in production it has no row and
-- app_now() is now().
create table if not exists platform.clock_offset (
  singleton boolean primary key default true check (singleton),
  offset_by interval not null
);
revoke all on platform.clock_offset from public;

create or replace function showcase_private.app_now() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select now() + coalesce((select c.offset_by from platform.clock_offset c), interval '0')
$$;
revoke all on function showcase_private.app_now() from public;
grant execute on function showcase_private.app_now() to anon, authenticated, service_role;

-- Rate-limit windows on that clock (same signature and results as 0062's version).
create or replace function platform.hit_rate_limit(p_key text, p_window_seconds integer)
returns table (hits integer, retry_after integer)
language plpgsql
as $$
#variable_conflict use_column
declare
  at timestamptz := showcase_private.app_now();
  started timestamptz;
begin
  insert into platform.rate_limits as r (key, window_started, hits) values (p_key, at, 1)
  on conflict (key) do update set
    hits = case when r.window_started <= at - make_interval(secs => p_window_seconds) then 1 else r.hits + 1 end,
    window_started = case when r.window_started <= at - make_interval(secs => p_window_seconds) then at else r.window_started end
  returning r.hits, r.window_started into hits, started;
  retry_after := greatest(1, ceil(extract(epoch from (started + make_interval(secs => p_window_seconds) - at))))::integer;
  return next;
end
$$;
revoke all on function platform.hit_rate_limit(text, integer) from public;

-- Scheduled jobs (server/jobs) -----------------------------------------------------------------
-- One row per job: when it is next due and how its last run went. A process runs a due job only
-- while it holds that job's advisory lock and moves next_run_at before letting go, so several
-- instances run each occurrence once.
create table if not exists platform.jobs (
  name text primary key,
  next_run_at timestamptz not null,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_succeeded_at timestamptz,
  last_error text,
  runs bigint not null default 0,
  failures bigint not null default 0
);
revoke all on platform.jobs from public;
