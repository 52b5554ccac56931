-- The maker's stats page (issue 32 item 3, decision 258): one call for /my-projects/:id/stats.
--
-- public.project_stats_page(project, days) answers the last `days` site days (1 to 366, today
-- included: the browser's clock and time zone need not be the site's), for the project's makers only (the
-- same check as project_stats, 0281: owner or co-maker, not banned; 42501 otherwise):
--   traffic      project_stats' days and referrers (the roll-up, today from the raw events)
--   activity     per site day: votes (the public vote count's votes, 0250), comments, and followers
--                the owner gained; only days with something
--   launch       for a launched project: its launch day, the rank snapshots of that day (0301), its
--                own numbers that day and the median launch of that day, which is null when fewer
--                than 5 projects launched that day (the median of 3 would tell a maker another's
--                numbers)
-- Every read is an index range by project and day (project_daily_stats' key, project_votes and
-- project_comments by (project_id, created_at), follows by (followee_id, created_at), the
-- snapshots' key), so a year reads the same on 100 projects or 100,000.

-- The numbers of every launch of one day: views, visitors and live-site clicks (roll-up, or the
-- raw events for today), votes and comments made that day, and the day's points.
create or replace function showcase_private.launch_day_numbers(day date)
returns table (project_id uuid, views integer, uniques integer, live_clicks integer, votes integer, comments integer, points double precision)
language sql stable security definer set search_path = '' as $$
  with w as (
    select showcase_private.day_start(day) as starts, showcase_private.day_start(day + 1) as ends,
           day = showcase_private.site_today() as is_today
  )
  select r.project_id,
         coalesce(s.views, e.views, 0), coalesce(s.uniques, e.uniques, 0), coalesce(s.live_clicks, e.live_clicks, 0),
         (select count(*) from public.project_votes v
           where v.project_id = r.project_id and v.counted and v.created_at >= w.starts and v.created_at < w.ends)::integer,
         (select count(*) from public.project_comments c
           where c.project_id = r.project_id and c.created_at >= w.starts and c.created_at < w.ends)::integer,
         r.window_points
    from w
    cross join showcase_private.period_ranking('day', day) r
    left join public.project_daily_stats s on s.project_id = r.project_id and s.day = launch_day_numbers.day and not w.is_today
    left join lateral (
      select (count(*) filter (where x.kind = 'view'))::integer as views,
             (count(distinct x.visitor))::integer as uniques,
             (count(*) filter (where x.kind = 'live_click'))::integer as live_clicks
        from platform.analytics_events x
       where w.is_today and x.project_id = r.project_id and x.day = launch_day_numbers.day
    ) e on true
$$;
revoke all on function showcase_private.launch_day_numbers(date) from public, anon, authenticated;

create or replace function public.project_stats_page(project uuid, days integer) returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  tz text := showcase_private.site_time_zone();
  to_day date := showcase_private.site_today();
  from_day date;
  traffic json;
  p record;
  launch_day date;
  launch json;
begin
  if days is null or days < 1 or days > 366 then
    raise exception 'Ask for 1 to 366 days' using errcode = '22023';
  end if;
  from_day := to_day - (days - 1);
  -- Checks the caller (42501) before anything else is read.
  traffic := public.project_stats(project, from_day, to_day);

  select x.id, x.title, x.creator_id, x.status, x.launched_at into p from public.projects x where x.id = project;
  if showcase_private.is_launched(p.status, p.launched_at) then
    launch_day := (p.launched_at at time zone tz)::date;
  end if;

  if launch_day is not null then
    select json_build_object(
             'day', launch_day,
             'snapshots', coalesce((
               select json_agg(json_build_object('at', s.taken_at, 'rank', s.rank, 'points', s.points, 'upvotes', s.upvotes, 'closing', s.closing) order by s.taken_at)
                 from public.project_rank_snapshots s where s.project_id = project), '[]'::json),
             'mine', (select json_build_object('views', n.views, 'uniques', n.uniques, 'live_clicks', n.live_clicks,
                                               'votes', n.votes, 'comments', n.comments, 'points', n.points)
                        from showcase_private.launch_day_numbers(launch_day) n where n.project_id = project),
             'median', (select case when count(*) >= 5 then json_build_object(
                                 'launches', count(*),
                                 'views', percentile_cont(0.5) within group (order by n.views),
                                 'uniques', percentile_cont(0.5) within group (order by n.uniques),
                                 'live_clicks', percentile_cont(0.5) within group (order by n.live_clicks),
                                 'votes', percentile_cont(0.5) within group (order by n.votes),
                                 'comments', percentile_cont(0.5) within group (order by n.comments),
                                 'points', percentile_cont(0.5) within group (order by n.points)) end
                          from showcase_private.launch_day_numbers(launch_day) n))
      into launch;
  end if;

  return json_build_object(
    'project', json_build_object('id', p.id, 'title', p.title, 'launched_at', p.launched_at),
    'from_day', from_day,
    'to_day', to_day,
    'days', traffic -> 'days',
    'referrers', traffic -> 'referrers',
    'activity', coalesce((
      select json_agg(json_build_object('day', t.day, 'votes', t.votes, 'comments', t.comments, 'followers', t.followers) order by t.day)
        from (
        select a.day, sum(a.votes)::integer as votes, sum(a.comments)::integer as comments, sum(a.followers)::integer as followers
        from (
          select (v.created_at at time zone tz)::date as day, 1 as votes, 0 as comments, 0 as followers
            from public.project_votes v
           where v.project_id = project and v.counted
             and v.created_at >= showcase_private.day_start(from_day) and v.created_at < showcase_private.day_start(to_day + 1)
          union all
          select (c.created_at at time zone tz)::date, 0, 1, 0
            from public.project_comments c
           where c.project_id = project
             and c.created_at >= showcase_private.day_start(from_day) and c.created_at < showcase_private.day_start(to_day + 1)
          union all
          select (f.created_at at time zone tz)::date, 0, 0, 1
            from public.follows f
           where f.followee_id = p.creator_id
             and f.created_at >= showcase_private.day_start(from_day) and f.created_at < showcase_private.day_start(to_day + 1)
        ) a
       group by a.day) t), '[]'::json),
    'launch', launch
  );
end $$;
revoke all on function public.project_stats_page(uuid, integer) from public, anon;
grant execute on function public.project_stats_page(uuid, integer) to authenticated, service_role;
