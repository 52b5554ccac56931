-- Write limits count rows, not requests (finding M3 of the security audit): one POST of 100
-- comments counts 100 against the comment limit, and a request that would cross the limit is
-- refused whole before anything is written. New signatures beside 0060/0063's (which stay, with
-- their old meaning, for anything still calling them); the server calls these.

-- One fixed window per key, as platform.hit_rate_limit, counting p_amount hits at once.
create or replace function platform.hit_rate_limit(p_key text, p_window_seconds integer, p_amount integer)
returns table (hits integer, retry_after integer)
language plpgsql
as $$
#variable_conflict use_column
declare
  at timestamptz := showcase_private.app_now();
  started timestamptz;
begin
  insert into platform.rate_limits as r (key, window_started, hits) values (p_key, at, p_amount)
  on conflict (key) do update set
    hits = case when r.window_started <= at - make_interval(secs => p_window_seconds) then p_amount else r.hits + p_amount end,
    window_started = case when r.window_started <= at - make_interval(secs => p_window_seconds) then at else r.window_started end
  returning r.hits, r.window_started into hits, started;
  retry_after := greatest(1, ceil(extract(epoch from (started + make_interval(secs => p_window_seconds) - at))))::integer;
  return next;
end
$$;

-- platform.count_write (0060) for a write of p_rows rows: admitted only when the window would
-- hold at most p_max_hits with all of them, and then all of them count; a refused write counts as
-- one attempt (as a refused single write always did), so one oversized request does not use up
-- the window of everyone behind the same address.
create or replace function platform.count_write(p_ticket text, p_ip_key text, p_user_key text, p_max_hits integer, p_window_seconds integer, p_rows integer)
returns integer
language plpgsql
as $$
declare
  at timestamptz := showcase_private.app_now();
  keys text[] := array_remove(array[p_ip_key, p_user_key], null);
  rows_needed integer := greatest(p_rows, 1);
  fits boolean;
  wait integer := 0;
  key text;
  hit record;
begin
  perform set_config('synchronous_commit', 'off', true);
  if rows_needed = 1 then
    -- A single row fits exactly when the hit below stays within the limit: no need to look first.
    fits := true;
  else
    select coalesce(bool_and(coalesce(r.hits, 0) + rows_needed <= p_max_hits), true) into fits
      from unnest(keys) k(key)
      left join platform.rate_limits r on r.key = k.key and r.window_started > at - make_interval(secs => p_window_seconds);
  end if;
  foreach key in array keys loop
    select * into hit from platform.hit_rate_limit(key, p_window_seconds, case when fits then rows_needed else 1 end);
    if not fits or hit.hits > p_max_hits then
      wait := greatest(wait, hit.retry_after);
    end if;
  end loop;
  perform set_config('platform.write_verdict', p_ticket || ':' || wait, false);
  return wait;
end
$$;

revoke all on function platform.hit_rate_limit(text, integer, integer) from public;
revoke all on function platform.count_write(text, text, text, integer, integer, integer) from public;
