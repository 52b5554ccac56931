-- Launches meet ranking (issue 16 with decision 121): a project scheduled days after it was
-- submitted goes public at launched_at, so that is when its age starts for Trending and which of
-- Top's periods (today, this week, this month) it belongs to. Before launches both were created_at,
-- and a scheduled project reached Top today only if it had been submitted that day. The columns keep
-- their names (the data API's contract); for projects approved at once launched_at is the approval,
-- and for everything before launches it is created_at (0160). Newest still orders by created_at.
-- The view is 0171's otherwise.
create or replace view public.project_listing with (security_invoker = false) as
select
  p.id,
  p.title,
  p.description,
  coalesce((select i.url from public.project_images i where i.project_id = p.id order by i.position, i.created_at limit 1),
           p.image_url) as image_url,
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
     / power(greatest(extract(epoch from ((select showcase_private.app_now()) - p.launched_at)), 0) / 3600.0 + 2, 1.8))::float8
    as trending_score,
  p.points,
  p.launched_at >= (select showcase_private.period_start('day')) as created_today,
  p.launched_at >= (select showcase_private.period_start('week')) as created_this_week,
  p.launched_at >= (select showcase_private.period_start('month')) as created_this_month,
  p.launched_at,
  p.launch_date,
  (select showcase_private.award_label(lw.period, lw.rank)
     from public.launch_winners lw
    where lw.project_id = p.id
    order by lw.rank, case lw.period when 'month' then 0 when 'week' then 1 else 2 end, lw.period_start desc
    limit 1) as award,
  array(select pt.tool from public.project_tools pt where pt.project_id = p.id
         order by pt.tool <> p.tool, pt.tool) as tools,
  array(select t.slug from public.project_tags pg join public.tags t on t.id = pg.tag_id
         where pg.project_id = p.id order by t.name) as tag_slugs,
  coalesce((select jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name) order by t.name)
              from public.project_tags pg join public.tags t on t.id = pg.tag_id
             where pg.project_id = p.id), '[]'::jsonb) as tags
from public.projects p
left join public.creators c on c.id = p.creator_id
where showcase_private.is_launched(p.status, p.launched_at);

revoke all on public.project_listing from public, anon, authenticated;
grant select on public.project_listing to anon, authenticated, service_role;
