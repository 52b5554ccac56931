-- Ranking on points (decision 121): Trending is a gravity rank, Top has periods in the site's
-- time zone. projects.points comes from 0091; the count shown stays projects.upvotes.

-- Admin panel › Settings › General: the zone "today", "this week" and "this month" are counted in.
alter table public.site_settings add column if not exists time_zone text not null default 'UTC';

-- Refuses a zone Postgres does not know, in words an admin understands, before it is stored.
create or replace function showcase_private.site_settings_check_time_zone() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.time_zone := btrim(new.time_zone);
  if new.time_zone = '' or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'Unknown time zone: %', left(new.time_zone, 80) using errcode = '22023',
      hint = 'Use a name from the IANA time zone database, such as UTC or Europe/Paris.';
  end if;
  return new;
end $$;

drop trigger if exists site_settings_check_time_zone on public.site_settings;
create trigger site_settings_check_time_zone before insert or update of time_zone on public.site_settings
  for each row execute function showcase_private.site_settings_check_time_zone();

-- Where the current day, week (from Monday) or month began, in the site's time zone, on the app clock.
create or replace function showcase_private.period_start(period text) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select date_trunc(period, showcase_private.app_now(),
                    coalesce((select s.time_zone from public.site_settings s where s.id), 'UTC'))
$$;
revoke all on function showcase_private.period_start(text) from public;
-- The listing view calls it, and a view's functions run with its reader's right to call them.
grant execute on function showcase_private.period_start(text) to anon, authenticated, service_role;

-- The public listing (0061), with points, a gravity "Trending" score and the "Top" periods:
--   points             what Top sorts by (votes weighed as 0091 describes); upvotes stays the count
--   trending_score     points^0.8 / (age in hours + 2)^1.8, Hacker News's gravity on points
--   created_today, created_this_week, created_this_month
--                      whether the project was submitted in the current day, week or month of
--                      the site's time zone; Top filters on one of them (each is computed only
--                      when a request names it, and compares created_at to a value computed
--                      once per request, so its index applies).
-- Still with its owner's rights and approved projects only (decision 081); new columns go last.
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
  p.created_at >= (select showcase_private.period_start('month')) as created_this_month
from public.projects p
left join public.creators c on c.id = p.creator_id
where p.status = 'approved';

revoke all on public.project_listing from public, anon, authenticated;
grant select on public.project_listing to anon, authenticated, service_role;

-- Top: points first, newest first among equals (the list's own tie-breakers follow).
create index if not exists projects_points_idx on public.projects (points desc, created_at desc);
