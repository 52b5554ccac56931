-- The read model behind every public project list (home, /projects, creator pages), so the
-- browser can filter, search, sort and page on the server through plain /rest/v1 column filters:
--   search_text     title and description together: one imatch (~*) filter on a regex-escaped
--                   term searches both, with no or=(...) grammar for user input to break out of;
--   trending_score  upvotes / (age in hours + 2)^1.5, computed here so "Trending" sorts in SQL;
--   creator_name/bio flattened from creators, because views carry no foreign keys to embed by.
-- security_invoker: the caller's RLS on projects and creators applies, exactly as on the tables,
-- so anon never sees a pending or rejected project through it.

create or replace view public.project_listing with (security_invoker = true) as
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
left join public.creators c on c.id = p.creator_id;

-- Simple views are updatable; this one is for reading only.
revoke all on public.project_listing from public, anon, authenticated;
grant select on public.project_listing to anon, authenticated, service_role;

-- Lets `search_text ~* 'term'` use a trigram index (the expression matches the view's).
create index if not exists projects_search_text_trgm_idx
  on public.projects using gin ((title || ' ' || description) gin_trgm_ops);
create index if not exists projects_upvotes_idx on public.projects (upvotes desc, created_at desc);
