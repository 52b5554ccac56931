-- Home › Today's launches (issue 16) in one request: the site's today, today's leaderboard (shuffled
-- in its first hours, see launch_leaderboard) and yesterday's top 3.
create or replace function public.home_launches(max_rows integer default 10)
returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object(
    'today', showcase_private.site_today(),
    'time_zone', showcase_private.site_time_zone(),
    'launches', coalesce((select json_agg(t) from public.launch_leaderboard('day', showcase_private.site_today(), max_rows) t), '[]'),
    'yesterday', coalesce((select json_agg(y) from public.launch_leaderboard('day', showcase_private.site_today() - 1, 3) y), '[]'),
    'upcoming', (select count(*) from public.upcoming_projects)
  )
$$;
revoke all on function public.home_launches(integer) from public;
grant execute on function public.home_launches(integer) to anon, authenticated, service_role;
