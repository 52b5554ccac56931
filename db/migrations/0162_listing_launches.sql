-- The public listing (0092) shows launched projects only (issue 16, showcase_private.is_launched),
-- with three new columns, last:
--   launched_at   when it launched (cards say "launched 3 h ago")
--   launch_date   the day its maker picked (null: launched on approval)
--   award         its best frozen award ("#1 Project of the Week"), null when it won nothing
-- Still with its owner's rights (decision 081). A redefinition of its own, so it can be merged with
-- another change of the view.
create or replace view public.project_listing with (security_invoker = false) as
select
  p.id,
  p.title,
  p.description,
  p.image_url,
  p.live_url,
  p.github_url,
  p.tool,
  p.category,
  p.creator_id,
  p.created_at,
  p.featured,
  p.upvotes,
  p.comment_count,
  p.status,
  c.name as creator_name,
  c.bio as creator_bio,
  p.title || ' ' || p.description as search_text,
  (power(greatest(p.points, 0), 0.8)
     / power(greatest(extract(epoch from ((select showcase_private.app_now()) - p.created_at)), 0) / 3600.0 + 2, 1.8))::float8
    as trending_score,
  p.points,
  p.created_at >= (select showcase_private.period_start('day')) as created_today,
  p.created_at >= (select showcase_private.period_start('week')) as created_this_week,
  p.created_at >= (select showcase_private.period_start('month')) as created_this_month,
  p.launched_at,
  p.launch_date,
  (select showcase_private.award_label(lw.period, lw.rank)
     from public.launch_winners lw
    where lw.project_id = p.id
    order by lw.rank, case lw.period when 'month' then 0 when 'week' then 1 else 2 end, lw.period_start desc
    limit 1) as award
from public.projects p
left join public.creators c on c.id = p.creator_id
where showcase_private.is_launched(p.status, p.launched_at);

revoke all on public.project_listing from public, anon, authenticated;
grant select on public.project_listing to anon, authenticated, service_role;
