-- The showcase tables. The spec's tables (creators, projects, project_comments) keep their names
-- and columns so its calls work as written; what a real site needs is added beside them:
-- projects.status / rejection_reason / updated_at, projects.comment_count, creators.updated_at.
-- Every limit here is also in domain/limits.ts, which the forms use to explain them first.

-- Only http(s) links with a plain host name: no javascript:/data: URLs, no user-info part
-- (https://trusted.example@evil.example), no spaces.
create or replace function showcase_private.is_http_url(url text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select url ~* '^https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?([/?#][^[:space:]]*)?$'
         and char_length(url) <= 2048
$$;

create table if not exists public.creators (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null constraint creators_name_length check (char_length(btrim(name)) between 1 and 100),
  bio text constraint creators_bio_length check (bio is null or char_length(bio) <= 1000),
  avatar_url text constraint creators_avatar_url_http check (avatar_url is null or showcase_private.is_http_url(avatar_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists public.projects (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint projects_title_length check (char_length(btrim(title)) between 1 and 100),
  description text not null
    constraint projects_description_length check (char_length(btrim(description)) >= 1 and char_length(description) <= 200),
  long_description text
    constraint projects_long_description_length check (long_description is null or char_length(long_description) <= 10000),
  image_url text constraint projects_image_url_http check (image_url is null or showcase_private.is_http_url(image_url)),
  live_url text constraint projects_live_url_http check (live_url is null or showcase_private.is_http_url(live_url)),
  github_url text constraint projects_github_url_http check (github_url is null or showcase_private.is_http_url(github_url)),
  tool text not null constraint projects_tool_known check (tool in ('Lovable', 'Cursor', 'Bolt')),
  category text not null constraint projects_category_known
    check (category in ('Website', 'App', 'Dashboard', 'E-commerce', 'Portfolio', 'Blog', 'Other')),
  creator_id uuid not null default auth.uid() references public.creators (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  featured boolean not null default false,
  upvotes integer not null default 0 constraint projects_upvotes_non_negative check (upvotes >= 0),
  comment_count integer not null default 0 constraint projects_comment_count_non_negative check (comment_count >= 0),
  status text not null default 'pending' constraint projects_status_known check (status in ('pending', 'approved', 'rejected')),
  rejection_reason text
    constraint projects_rejection_reason_length check (rejection_reason is null or char_length(rejection_reason) <= 500)
);

create table if not exists public.project_comments (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Set by the database from the author's profile (trigger), never taken from the client.
  user_name text not null default 'Anonymous'
    constraint project_comments_user_name_length check (char_length(user_name) between 1 and 100),
  content text not null
    constraint project_comments_content_length check (char_length(btrim(content)) between 1 and 2000),
  created_at timestamptz not null default now()
);

-- Lists are newest first; the second key keeps paging stable when timestamps tie.
create index if not exists projects_created_at_idx on public.projects (created_at desc, id desc);
create index if not exists projects_tool_created_at_idx on public.projects (tool, created_at desc);
create index if not exists projects_category_created_at_idx on public.projects (category, created_at desc);
create index if not exists projects_featured_created_at_idx on public.projects (created_at desc) where featured;
-- The owner policy and "My Projects" filter on creator_id; the review queue on status.
create index if not exists projects_creator_id_idx on public.projects (creator_id, created_at desc);
create index if not exists projects_status_created_at_idx on public.projects (status, created_at desc);
-- Case-insensitive substring search (ilike '%term%') on title and description.
create index if not exists projects_title_trgm_idx on public.projects using gin (title gin_trgm_ops);
create index if not exists projects_description_trgm_idx on public.projects using gin (description gin_trgm_ops);

create index if not exists project_comments_project_created_at_idx on public.project_comments (project_id, created_at desc);
create index if not exists project_comments_user_id_idx on public.project_comments (user_id);
