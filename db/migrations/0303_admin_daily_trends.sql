-- The staff dashboard's 30-day trends as charts (issue 32 item 5, decision 258).
--
-- public.admin_daily_trends(days) answers, for admins and moderators only (42501 otherwise, the
-- dashboard's own message), one row per site day of the last `days` (1 to 90, today included):
-- sign-ups (accounts, not anonymous visitors), submissions, votes cast, comments, and visitors:
-- the sum of each project's unique visitors that day (the roll-up; today from the raw events), so
-- someone who opened two projects is two. Nothing here is per person: the same privacy rules as
-- the makers' stats (decision 236).
create or replace function public.admin_daily_trends(days integer) returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  tz text := showcase_private.site_time_zone();
  to_day date := showcase_private.site_today();
  from_day date;
  starts timestamptz;
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to view stats' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 90 then
    raise exception 'Ask for 1 to 90 days' using errcode = '22023';
  end if;
  from_day := to_day - (days - 1);
  starts := showcase_private.day_start(from_day);
  return json_build_object(
    'from_day', from_day,
    'to_day', to_day,
    'days', (
      select json_agg(json_build_object(
               'day', d.day,
               'signups', coalesce(u.n, 0), 'submissions', coalesce(p.n, 0), 'votes', coalesce(v.n, 0),
               'comments', coalesce(c.n, 0), 'visitors', coalesce(s.n, 0) + coalesce(e.n, 0)) order by d.day)
        from (select g::date as day from generate_series(from_day, to_day, interval '1 day') g) d
        left join (select (x.created_at at time zone tz)::date as day, count(*)::integer as n from auth.users x
                    where x.created_at >= starts and not coalesce(x.is_anonymous, false) and x.deleted_at is null group by 1) u on u.day = d.day
        left join (select (x.created_at at time zone tz)::date as day, count(*)::integer as n from public.projects x
                    where x.created_at >= starts group by 1) p on p.day = d.day
        left join (select (x.created_at at time zone tz)::date as day, count(*)::integer as n from public.project_votes x
                    where x.created_at >= starts group by 1) v on v.day = d.day
        left join (select (x.created_at at time zone tz)::date as day, count(*)::integer as n from public.project_comments x
                    where x.created_at >= starts group by 1) c on c.day = d.day
        left join (select x.day, sum(x.uniques)::integer as n from public.project_daily_stats x
                    where x.day >= from_day and x.day < to_day group by 1) s on s.day = d.day
        left join (select x.day, count(distinct (x.project_id, x.visitor))::integer as n from platform.analytics_events x
                    where x.day = to_day group by 1) e on e.day = d.day)
  );
end $$;
revoke all on function public.admin_daily_trends(integer) from public, anon;
grant execute on function public.admin_daily_trends(integer) to authenticated, service_role;
