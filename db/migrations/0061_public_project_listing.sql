-- The public listing shows approved projects to everyone, and is searched through its trigram index.
--
-- Until now the view ran with the caller's rights (security_invoker), so the projects policies
-- applied inside it. That made every search a sequential scan: RLS must check a row before any
-- condition that is not LEAKPROOF may see it, and ILIKE and ~* are not, so Postgres could not
-- look the search term up in projects_search_text_trgm_idx (about 200 ms at 100,000 projects
-- instead of about 2 ms). The view now runs with its owner's rights and states the one rule
-- visitors get from the policies itself: status = 'approved'. Through it nobody sees more than
-- projects_read_approved shows them; owners and staff read pending projects from the table.
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
  (p.upvotes / power(greatest(extract(epoch from (now() - p.created_at)), 0) / 3600.0 + 2, 1.5))::float8 as trending_score
from public.projects p
left join public.creators c on c.id = p.creator_id
where p.status = 'approved';

revoke all on public.project_listing from public, anon, authenticated;
grant select on public.project_listing to anon, authenticated, service_role;
