-- Richer projects (issue 17): several tools, admin-curated tags, a gallery and a demo video.
--
-- Public data API names (a contract for every supabase-js client): tags(id, slug, name),
-- project_tags(project_id, tag_id), project_tools(project_id, tool),
-- project_images(id, project_id, url, position, alt); projects.video_url and video_poster_url.
-- projects.tool stays the primary tool, so the spec's calls (§7) work unchanged.
-- The limits and lists mirror domain/richer-projects.ts; change both.

-- Who may change what hangs off a project: its owner, or an admin (as projects_before_write says
-- for a project's content), never a banned or anonymous session. Definer rights so it sees the
-- project whatever its status.
create or replace function showcase_private.can_edit_project(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and not public.is_banned() and exists (
    select 1 from public.projects p
     where p.id = target and (p.creator_id = auth.uid() or public.is_admin()))
$$;
revoke all on function showcase_private.can_edit_project(uuid) from public;
grant execute on function showcase_private.can_edit_project(uuid) to authenticated, service_role;

-- Locks the project while its tags, tools or images are counted, so two requests cannot both
-- add the fifth tag. Definer rights: the caller's policies already decided they may write.
create or replace function showcase_private.lock_project(target uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.projects p where p.id = target for update;
end $$;
revoke all on function showcase_private.lock_project(uuid) from public;
grant execute on function showcase_private.lock_project(uuid) to authenticated, service_role;

-- tags ------------------------------------------------------------------------------------------
create table if not exists public.tags (
  id uuid primary key default gen_random_uuid(),
  slug text not null constraint tags_slug_shape check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 40),
  name text not null constraint tags_name_length check (char_length(name) between 1 and 40),
  kind text not null default 'topic' constraint tags_kind_known check (kind in ('stack', 'topic')),
  created_at timestamptz not null default now(),
  constraint tags_slug_key unique (slug)
);
create unique index if not exists tags_name_lower_key on public.tags (lower(name));

-- A tag's name is trimmed and its slug, when not given, is made from the name.
create or replace function showcase_private.tags_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if new.name = '' then
    raise exception 'A tag needs a name' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' and coalesce(btrim(new.slug), '') = '' then
    new.slug := btrim(regexp_replace(lower(new.name), '[^a-z0-9]+', '-', 'g'), '-');
  end if;
  new.slug := lower(btrim(new.slug));
  if new.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or char_length(new.slug) > 40 then
    raise exception 'A tag''s slug is lower-case letters, digits and single dashes (at most 40)' using errcode = '23514';
  end if;
  if exists (select 1 from public.tags t where (t.slug = new.slug or lower(t.name) = lower(new.name)) and t.id <> new.id) then
    raise exception 'A tag with this name or slug already exists' using errcode = '23505';
  end if;
  return new;
end $$;
drop trigger if exists tags_before_write on public.tags;
create trigger tags_before_write before insert or update on public.tags
  for each row execute function showcase_private.tags_before_write();

alter table public.tags enable row level security;
revoke all on public.tags from anon, authenticated;
grant select on public.tags to anon, authenticated;
grant insert, update, delete on public.tags to authenticated;
grant all on public.tags to service_role;

drop policy if exists tags_read_all on public.tags;
create policy tags_read_all on public.tags for select to anon, authenticated using (true);
drop policy if exists tags_write_admin on public.tags;
create policy tags_write_admin on public.tags for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

insert into public.tags (slug, name, kind) values
  ('react', 'React', 'stack'), ('supabase', 'Supabase', 'stack'), ('tailwind', 'Tailwind', 'stack'),
  ('nextjs', 'Next.js', 'stack'), ('typescript', 'TypeScript', 'stack'), ('openai', 'OpenAI', 'stack'),
  ('game', 'Game', 'topic'), ('productivity', 'Productivity', 'topic'), ('education', 'Education', 'topic'),
  ('finance', 'Finance', 'topic'), ('health', 'Health', 'topic'), ('social', 'Social', 'topic'),
  ('developer-tools', 'Developer tools', 'topic'), ('design', 'Design', 'topic')
on conflict (slug) do nothing;

-- project_tags ----------------------------------------------------------------------------------
create table if not exists public.project_tags (
  project_id uuid not null references public.projects (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (project_id, tag_id)
);
create index if not exists project_tags_tag_idx on public.project_tags (tag_id, project_id);

create or replace function showcase_private.project_tags_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not exists (select 1 from public.tags t where t.id = new.tag_id) then
    raise exception 'Unknown tag: choose one from the list' using errcode = '23503';
  end if;
  perform showcase_private.lock_project(new.project_id);
  if (select count(*) from public.project_tags pt where pt.project_id = new.project_id) >= 5 then
    raise exception 'A project can have at most 5 tags' using errcode = '23514';
  end if;
  new.created_at := now();
  return new;
end $$;
drop trigger if exists project_tags_before_insert on public.project_tags;
create trigger project_tags_before_insert before insert on public.project_tags
  for each row execute function showcase_private.project_tags_before_insert();

-- project_tools ---------------------------------------------------------------------------------
create table if not exists public.project_tools (
  project_id uuid not null references public.projects (id) on delete cascade,
  tool text not null,
  created_at timestamptz not null default now(),
  primary key (project_id, tool)
);
create index if not exists project_tools_tool_idx on public.project_tools (tool, project_id);

create or replace function showcase_private.project_tools_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.tool is null or new.tool not in ('Lovable', 'Cursor', 'Bolt') then
    raise exception 'Unknown tool: choose Lovable, Cursor or Bolt' using errcode = '23514';
  end if;
  new.created_at := now();
  return new;
end $$;
drop trigger if exists project_tools_before_insert on public.project_tools;
create trigger project_tools_before_insert before insert on public.project_tools
  for each row execute function showcase_private.project_tools_before_insert();
alter table public.project_tools drop constraint if exists project_tools_tool_known;
alter table public.project_tools add constraint project_tools_tool_known check (tool in ('Lovable', 'Cursor', 'Bolt'));

-- The primary tool is always one of a project's tools.
create or replace function showcase_private.projects_primary_tool() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.project_tools (project_id, tool) values (new.id, new.tool) on conflict do nothing;
  return null;
end $$;
drop trigger if exists projects_primary_tool on public.projects;
create trigger projects_primary_tool after insert or update of tool on public.projects
  for each row execute function showcase_private.projects_primary_tool();
insert into public.project_tools (project_id, tool) select p.id, p.tool from public.projects p on conflict do nothing;

-- project_images --------------------------------------------------------------------------------
create table if not exists public.project_images (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  url text not null constraint project_images_url_http check (char_length(url) <= 2048 and url ~* '^https?://[^\s]+$'),
  position smallint not null default 0 constraint project_images_position_range check (position between 0 and 5),
  alt text not null default '' constraint project_images_alt_length check (char_length(alt) <= 200),
  created_at timestamptz not null default now()
);
create index if not exists project_images_project_idx on public.project_images (project_id, position);

create or replace function showcase_private.project_images_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.url := btrim(new.url);
  new.alt := btrim(coalesce(new.alt, ''));
  if new.url !~* '^https?://[^\s]+$' or char_length(new.url) > 2048 then
    raise exception 'An image must be an http(s) URL' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' then
    if new.project_id <> old.project_id then
      raise exception 'An image cannot move to another project' using errcode = '42501';
    end if;
    return new;
  end if;
  perform showcase_private.lock_project(new.project_id);
  if (select count(*) from public.project_images i where i.project_id = new.project_id) >= 6 then
    raise exception 'A project can have at most 6 images' using errcode = '23514';
  end if;
  new.created_at := now();
  return new;
end $$;
drop trigger if exists project_images_before_write on public.project_images;
create trigger project_images_before_write before insert or update on public.project_images
  for each row execute function showcase_private.project_images_before_write();

-- An owner's new or removed image on an approved project sends it back to review, as a new
-- image_url does (projects_before_write): the team sees what the public will.
create or replace function showcase_private.project_images_rereview() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid := coalesce(new.project_id, old.project_id);
begin
  if auth.uid() is not null and not public.is_admin() and not public.is_moderator()
     and coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
    update public.projects set status = 'pending', rejection_reason = null
     where id = target and status = 'approved' and creator_id = auth.uid();
  end if;
  return null;
end $$;
drop trigger if exists project_images_rereview on public.project_images;
create trigger project_images_rereview after insert or delete or update of url on public.project_images
  for each row execute function showcase_private.project_images_rereview();

-- RLS for the three child tables: read with the project, written by whoever may edit it -------
alter table public.project_tags enable row level security;
alter table public.project_tools enable row level security;
alter table public.project_images enable row level security;
revoke all on public.project_tags, public.project_tools, public.project_images from anon, authenticated;
grant select on public.project_tags, public.project_tools, public.project_images to anon, authenticated;
grant insert, delete on public.project_tags, public.project_tools, public.project_images to authenticated;
grant update (position, alt) on public.project_images to authenticated;
grant all on public.project_tags, public.project_tools, public.project_images to service_role;

drop policy if exists project_tags_read on public.project_tags;
create policy project_tags_read on public.project_tags for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));
drop policy if exists project_tags_insert on public.project_tags;
create policy project_tags_insert on public.project_tags for insert to authenticated
  with check ((select showcase_private.can_edit_project(project_id)));
drop policy if exists project_tags_delete on public.project_tags;
create policy project_tags_delete on public.project_tags for delete to authenticated
  using ((select showcase_private.can_edit_project(project_id)));

drop policy if exists project_tools_read on public.project_tools;
create policy project_tools_read on public.project_tools for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));
drop policy if exists project_tools_insert on public.project_tools;
create policy project_tools_insert on public.project_tools for insert to authenticated
  with check ((select showcase_private.can_edit_project(project_id)));
-- The primary tool stays: change projects.tool to drop it.
drop policy if exists project_tools_delete on public.project_tools;
create policy project_tools_delete on public.project_tools for delete to authenticated
  using ((select showcase_private.can_edit_project(project_id))
         and not exists (select 1 from public.projects p where p.id = project_id and p.tool = project_tools.tool));

drop policy if exists project_images_read on public.project_images;
create policy project_images_read on public.project_images for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));
drop policy if exists project_images_insert on public.project_images;
create policy project_images_insert on public.project_images for insert to authenticated
  with check ((select showcase_private.can_edit_project(project_id)));
drop policy if exists project_images_update on public.project_images;
create policy project_images_update on public.project_images for update to authenticated
  using ((select showcase_private.can_edit_project(project_id)))
  with check ((select showcase_private.can_edit_project(project_id)));
drop policy if exists project_images_delete on public.project_images;
create policy project_images_delete on public.project_images for delete to authenticated
  using ((select showcase_private.can_edit_project(project_id)));

-- The demo video ------------------------------------------------------------------------------
alter table public.projects add column if not exists video_url text;
alter table public.projects add column if not exists video_poster_url text;

-- The link shapes domain/richer-projects.ts turns into a player: YouTube, Vimeo, Loom.
create or replace function showcase_private.is_video_url(url text) returns boolean
language sql immutable set search_path = '' as $$
  select char_length(url) <= 2048 and (
       url ~ '^https://(www\.|m\.)?youtube\.com/watch\?([^#]*&)?v=[A-Za-z0-9_-]{11}([&#].*)?$'
    or url ~ '^https://youtu\.be/[A-Za-z0-9_-]{11}([?#].*)?$'
    or url ~ '^https://(www\.)?youtube\.com/(embed|shorts)/[A-Za-z0-9_-]{11}([?#].*)?$'
    or url ~ '^https://(www\.)?vimeo\.com/[0-9]{1,12}([/?#].*)?$'
    or url ~ '^https://(www\.)?loom\.com/(share|embed)/[0-9a-f]{32}([?#].*)?$')
$$;
grant execute on function showcase_private.is_video_url(text) to anon, authenticated, service_role;

create or replace function showcase_private.projects_video_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.video_url := showcase_private.blank_to_null(btrim(new.video_url));
  new.video_poster_url := showcase_private.blank_to_null(btrim(new.video_poster_url));
  if new.video_url is not null and not showcase_private.is_video_url(new.video_url) then
    raise exception 'Video links must be YouTube, Vimeo or Loom links' using errcode = '23514';
  end if;
  if new.video_poster_url is not null
     and (new.video_poster_url !~* '^https?://[^\s]+$' or char_length(new.video_poster_url) > 2048) then
    raise exception 'The video poster must be an http(s) URL' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and not showcase_private.is_privileged()
     and (new.video_url, new.video_poster_url) is distinct from (old.video_url, old.video_poster_url) then
    if not (public.is_admin() or old.creator_id = (select auth.uid())) then
      raise exception 'Only the owner or an admin can edit a project' using errcode = '42501';
    end if;
    if not (public.is_admin() or public.is_moderator()) and new.status = 'approved'
       and coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
      new.status := 'pending';
      new.rejection_reason := null;
    end if;
  end if;
  return new;
end $$;
-- Named after projects_before_write so it runs after it (triggers fire in name order).
drop trigger if exists projects_video_before_write on public.projects;
create trigger projects_video_before_write before insert or update on public.projects
  for each row execute function showcase_private.projects_video_before_write();
alter table public.projects drop constraint if exists projects_video_url_known;
alter table public.projects add constraint projects_video_url_known
  check (video_url is null or showcase_private.is_video_url(video_url));

-- Admin › Tags › Merge: every project tagged `source` gets `target` instead, then `source` goes.
create or replace function public.merge_tags(source_slug text, target_slug text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  src uuid;
  dst uuid;
  moved integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can merge tags' using errcode = '42501';
  end if;
  select t.id into src from public.tags t where t.slug = source_slug;
  select t.id into dst from public.tags t where t.slug = target_slug;
  if src is null or dst is null then
    raise exception 'Unknown tag: choose one from the list' using errcode = '22023';
  end if;
  if src = dst then
    raise exception 'Choose two different tags to merge' using errcode = '22023';
  end if;
  -- No project gains a tag count: each loses `source` as it gains `target`.
  update public.project_tags pt set tag_id = dst
   where pt.tag_id = src
     and not exists (select 1 from public.project_tags o where o.project_id = pt.project_id and o.tag_id = dst);
  get diagnostics moved = row_count;
  delete from public.tags t where t.id = src;
  return moved;
end $$;
revoke all on function public.merge_tags(text, text) from public;
grant execute on function public.merge_tags(text, text) to authenticated, service_role;
