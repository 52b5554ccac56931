-- Rate limits counted by the database, so a write and its count can go in one transaction ------
-- One fixed window per key: the first hit opens it, hits after it has run out start a new one.
create or replace function platform.hit_rate_limit(p_key text, p_window_seconds integer)
returns table (hits integer, retry_after integer)
language sql
as $$
  insert into platform.rate_limits as r (key, window_started, hits) values (p_key, now(), 1)
  on conflict (key) do update set
    hits = case when r.window_started <= now() - make_interval(secs => p_window_seconds) then 1 else r.hits + 1 end,
    window_started = case when r.window_started <= now() - make_interval(secs => p_window_seconds) then now() else r.window_started end
  returning r.hits,
    greatest(1, ceil(extract(epoch from (r.window_started + make_interval(secs => p_window_seconds) - now()))))::integer
$$;

-- Counts one write against the caller's IP key and, when signed in, their user key. With p_refuse,
-- a write over either limit fails with SQLSTATE PT429 (PostgREST's convention for "answer 429")
-- and the seconds to wait in DETAIL; that failure rolls back the transaction the write is in.
create or replace function platform.count_write(p_ip_key text, p_user_key text, p_max_hits integer, p_window_seconds integer, p_refuse boolean)
returns void
language plpgsql
as $$
declare
  wait integer := 0;
  key text;
  hit record;
begin
  foreach key in array array_remove(array[p_ip_key, p_user_key], null) loop
    select * into hit from platform.hit_rate_limit(key, p_window_seconds);
    if hit.hits > p_max_hits then
      wait := greatest(wait, hit.retry_after);
    end if;
  end loop;
  if p_refuse and wait > 0 then
    raise sqlstate 'PT429' using message = 'write rate limit exceeded', detail = wait::text;
  end if;
end
$$;

revoke all on function platform.hit_rate_limit(text, integer) from public;
revoke all on function platform.count_write(text, text, integer, integer, boolean) from public;
