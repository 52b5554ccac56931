-- Issue 30 (M5): a launch row shows the project's tools and comment count like a card does, so the
-- leaderboard (and home's Today's launches, which reads it) returns them too. Same ranking, same
-- shuffle (decision 161); two columns added at the end, so the return type changes: drop and recreate.
drop function if exists public.launch_leaderboard(text, date, integer);
create function public.launch_leaderboard(period text, period_start date, max_rows integer default 50)
returns table (rank integer, id uuid, title text, description text, image_url text, tool text, category text,
               creator_id uuid, creator_name text, upvotes integer, points float8, launched_at timestamptz,
               award text, shuffled boolean, comment_count integer, tools text[])
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
         shuffle,
         p.comment_count,
         array(select pt.tool from public.project_tools pt where pt.project_id = p.id order by (pt.tool <> p.tool), pt.tool)
    from showcase_private.period_ranking(launch_leaderboard.period, launch_leaderboard.period_start) r
    join public.projects p on p.id = r.project_id
    left join public.creators c on c.id = p.creator_id
   order by case when shuffle then md5(p.id::text || launch_leaderboard.period_start::text) end,
            r.window_points desc, r.upvotes desc, p.launched_at, p.id
   limit least(greatest(coalesce(max_rows, 50), 1), 100);
end $$;
revoke all on function public.launch_leaderboard(text, date, integer) from public;
grant execute on function public.launch_leaderboard(text, date, integer) to anon, authenticated, service_role;
