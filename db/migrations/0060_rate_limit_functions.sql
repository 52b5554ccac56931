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

-- Counts one write against the caller's IP key and, when signed in, their user key, in a
-- transaction of its own that the write's transaction follows (in the same round trip, or the
-- round trip before): a refused or failed write still counts. It answers the seconds to wait (0:
-- go ahead) and leaves that verdict, tagged with the request's ticket, in a session setting for
-- platform.admit_write. A count lost in a crash is harmless, so this commit does not wait for the
-- disk, which keeps the lock on a busy counter row short.
create or replace function platform.count_write(p_ticket text, p_ip_key text, p_user_key text, p_max_hits integer, p_window_seconds integer)
returns integer
language plpgsql
as $$
declare
  wait integer := 0;
  key text;
  hit record;
begin
  perform set_config('synchronous_commit', 'off', true);
  foreach key in array array_remove(array[p_ip_key, p_user_key], null) loop
    select * into hit from platform.hit_rate_limit(key, p_window_seconds);
    if hit.hits > p_max_hits then
      wait := greatest(wait, hit.retry_after);
    end if;
  end loop;
  perform set_config('platform.write_verdict', p_ticket || ':' || wait, false);
  return wait;
end
$$;

-- First in the write's transaction: lets it go on only if this request's count said so. Over the
-- limit it fails with SQLSTATE PT429 (PostgREST's convention for "answer 429") and the seconds to
-- wait in DETAIL; a verdict from another request (the count itself failed) stops it too.
create or replace function platform.admit_write(p_ticket text)
returns void
language plpgsql
as $$
declare
  verdict text := current_setting('platform.write_verdict', true);
begin
  if verdict is null or split_part(verdict, ':', 1) <> p_ticket then
    raise exception 'the write was not counted against its rate limit';
  end if;
  if split_part(verdict, ':', 2)::integer > 0 then
    raise sqlstate 'PT429' using message = 'write rate limit exceeded', detail = split_part(verdict, ':', 2);
  end if;
end
$$;

revoke all on function platform.hit_rate_limit(text, integer) from public;
revoke all on function platform.count_write(text, text, text, integer, integer) from public;
revoke all on function platform.admit_write(text) from public;
