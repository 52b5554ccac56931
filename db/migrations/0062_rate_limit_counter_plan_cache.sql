-- The rate-limit counter as PL/pgSQL: a LANGUAGE sql function that writes is never inlined, and
-- Postgres before 18 plans its body afresh on every call, which made counting a vote cost a
-- quarter of the vote's own database time. PL/pgSQL keeps the upsert's plan for the session.
-- Same signature and results as 0060's version.
create or replace function platform.hit_rate_limit(p_key text, p_window_seconds integer)
returns table (hits integer, retry_after integer)
language plpgsql
as $$
#variable_conflict use_column
declare
  started timestamptz;
begin
  insert into platform.rate_limits as r (key, window_started, hits) values (p_key, now(), 1)
  on conflict (key) do update set
    hits = case when r.window_started <= now() - make_interval(secs => p_window_seconds) then 1 else r.hits + 1 end,
    window_started = case when r.window_started <= now() - make_interval(secs => p_window_seconds) then now() else r.window_started end
  returning r.hits, r.window_started into hits, started;
  retry_after := greatest(1, ceil(extract(epoch from (started + make_interval(secs => p_window_seconds) - now()))))::integer;
  return next;
end
$$;

revoke all on function platform.hit_rate_limit(text, integer) from public;
