-- Bookmarks and collections (issue 18, decision 182).
--
-- bookmarks: an account's private list of saved projects; nobody else reads them, staff included.
-- collections: named lists of projects. A public one is readable by everyone (its page, its share
--   link and its RSS feed, /collections/{id}/feed.xml); a private one only by its owner (and admins
--   for moderation). collection_items: the projects in a collection.
-- Saving a project the caller cannot see (a project in review, someone else's rejected project, a
-- made-up id) is refused with one clear error, which never tells whether such a project exists.
-- A collection's items show only the projects their reader may see.

create or replace function showcase_private.require_visible_project(project uuid) returns void
language plpgsql stable set search_path = '' as $$
begin
  -- Runs as the caller: the projects policies decide what "visible" means.
  if project is null or not exists (select 1 from public.projects p where p.id = project) then
    raise exception 'This project is not available' using errcode = '42501';
  end if;
end $$;
revoke all on function showcase_private.require_visible_project(uuid) from public;
grant execute on function showcase_private.require_visible_project(uuid) to authenticated, service_role;

-- Bookmarks ------------------------------------------------------------------------------------
create table if not exists public.bookmarks (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, project_id)
);
create index if not exists bookmarks_user_created_idx on public.bookmarks (user_id, created_at desc);
create index if not exists bookmarks_project_idx on public.bookmarks (project_id);

alter table public.bookmarks enable row level security;
revoke all on public.bookmarks from anon;
revoke update, truncate, references, trigger on public.bookmarks from authenticated;
grant select, insert, delete on public.bookmarks to authenticated;
grant all on public.bookmarks to service_role;

drop policy if exists bookmarks_read_own on public.bookmarks;
create policy bookmarks_read_own on public.bookmarks for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists bookmarks_insert_own on public.bookmarks;
create policy bookmarks_insert_own on public.bookmarks for insert to authenticated
  with check (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists bookmarks_delete_own on public.bookmarks;
create policy bookmarks_delete_own on public.bookmarks for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_anonymous()));

create or replace function showcase_private.bookmarks_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not showcase_private.is_privileged() then
    perform showcase_private.require_visible_project(new.project_id);
    new.created_at := now();
  end if;
  return new;
end $$;

drop trigger if exists bookmarks_a_guard on public.bookmarks;
create trigger bookmarks_a_guard before insert on public.bookmarks
  for each row execute function showcase_private.bookmarks_before_insert();

-- Collections ----------------------------------------------------------------------------------
create table if not exists public.collections (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null constraint collections_name_length check (char_length(btrim(name)) between 1 and 100),
  description text constraint collections_description_length check (description is null or char_length(description) <= 500),
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists collections_owner_idx on public.collections (owner_id, created_at desc);

alter table public.collections enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.collections from anon;
revoke truncate, references, trigger on public.collections from authenticated;

drop policy if exists collections_read_public on public.collections;
create policy collections_read_public on public.collections for select to anon, authenticated
  using (is_public);

drop policy if exists collections_read_own on public.collections;
create policy collections_read_own on public.collections for select to authenticated
  using (owner_id = (select auth.uid()));

drop policy if exists collections_read_admin on public.collections;
create policy collections_read_admin on public.collections for select to authenticated
  using ((select public.is_admin()));

drop policy if exists collections_insert_own on public.collections;
create policy collections_insert_own on public.collections for insert to authenticated
  with check (owner_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists collections_update_own on public.collections;
create policy collections_update_own on public.collections for update to authenticated
  using (owner_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()))
  with check (owner_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists collections_delete_own on public.collections;
create policy collections_delete_own on public.collections for delete to authenticated
  using (owner_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists collections_delete_admin on public.collections;
create policy collections_delete_admin on public.collections for delete to authenticated
  using ((select public.is_admin()));

create or replace function showcase_private.collections_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(new.name);
  new.description := showcase_private.blank_to_null(new.description);
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      new.created_at := now();
    end if;
  elsif not showcase_private.is_privileged() and (new.owner_id, new.created_at) is distinct from (old.owner_id, old.created_at) then
    raise exception 'A collection''s owner and creation time cannot be changed' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

drop trigger if exists collections_a_guard on public.collections;
create trigger collections_a_guard before insert or update on public.collections
  for each row execute function showcase_private.collections_before_write();

-- Items ----------------------------------------------------------------------------------------
create table if not exists public.collection_items (
  collection_id uuid not null references public.collections (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (collection_id, project_id)
);
create index if not exists collection_items_collection_added_idx on public.collection_items (collection_id, added_at desc);
create index if not exists collection_items_project_idx on public.collection_items (project_id);

alter table public.collection_items enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.collection_items from anon;
revoke update, truncate, references, trigger on public.collection_items from authenticated;

-- Readable with their collection (collections' policies run inside the subquery), and only the
-- projects the reader may see (projects' policies likewise).
drop policy if exists collection_items_read on public.collection_items;
create policy collection_items_read on public.collection_items for select to anon, authenticated
  using (exists (select 1 from public.collections c where c.id = collection_id)
         and exists (select 1 from public.projects p where p.id = project_id));

drop policy if exists collection_items_insert_own on public.collection_items;
create policy collection_items_insert_own on public.collection_items for insert to authenticated
  with check (
    not (select public.is_banned()) and not (select public.is_anonymous())
    and exists (select 1 from public.collections c where c.id = collection_id and c.owner_id = (select auth.uid()))
  );

drop policy if exists collection_items_delete_own on public.collection_items;
create policy collection_items_delete_own on public.collection_items for delete to authenticated
  using (
    not (select public.is_banned()) and not (select public.is_anonymous())
    and exists (select 1 from public.collections c where c.id = collection_id and c.owner_id = (select auth.uid()))
  );

create or replace function showcase_private.collection_items_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not showcase_private.is_privileged() then
    perform showcase_private.require_visible_project(new.project_id);
    new.added_at := now();
  end if;
  return new;
end $$;

drop trigger if exists collection_items_a_guard on public.collection_items;
create trigger collection_items_a_guard before insert on public.collection_items
  for each row execute function showcase_private.collection_items_before_insert();
