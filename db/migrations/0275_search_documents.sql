-- Ranked full-text search (issue 34 item 1, decision 232): every project has one weighted search
-- document, kept by triggers because its parts live in five tables:
--   A  the name (projects.title)
--   B  the tagline (projects.description, the card's one line)
--   C  its tags (names and slugs) and tools
--   D  the long description and the maker's name
-- (the issue's five levels in Postgres's four weights: the long description and the maker share D).
-- Words are unaccented and English-stemmed by one text search configuration,
-- showcase_private.search_english, so "cafe" finds "Café" and "recipes" finds "recipe", and
-- ts_headline marks the original, accented text. Trigram indexes on unaccented, lowercased names
-- of projects, tags and makers serve the typo path (0276).
--
-- The documents sit in their own table, not a column of projects: refreshing one after a tag is
-- added must not count as an edit of the project (its triggers send a maker's edit back to review,
-- notify realtime and the page cache). Nobody reads the table directly; the search functions read
-- it through showcase_private.searchable_projects, which adds it to public.project_listing and so
-- shows exactly the projects the list shows (the one visibility rule stays in the listing view).

-- unaccent, in whichever schema the platform keeps extensions (public here, `extensions` on hosted
-- Supabase). PGlite loads it in server/db/pglite.ts.
create extension if not exists unaccent;

do $$
declare
  ext_schema text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent');
begin
  if not exists (select 1 from pg_ts_config c join pg_namespace n on n.oid = c.cfgnamespace
                  where n.nspname = 'showcase_private' and c.cfgname = 'search_english') then
    execute 'create text search configuration showcase_private.search_english (copy = pg_catalog.english)';
    execute format('alter text search configuration showcase_private.search_english
                      alter mapping for hword, hword_part, word with %I.unaccent, english_stem', ext_schema);
  end if;
  -- unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE wrapper
  -- that names the dictionary and the function by schema.
  execute format($f$
    create or replace function showcase_private.search_unaccent(value text) returns text
    language sql immutable parallel safe strict set search_path = '' as
    $b$select %1$I.unaccent(%2$L::regdictionary, value)$b$
  $f$, ext_schema, ext_schema || '.unaccent');
end $$;

-- The key a name is compared by on the typo path: unaccented, lowercase, single spaces.
create or replace function showcase_private.search_key(value text) returns text
language sql immutable parallel safe strict set search_path = '' as $$
  select btrim(regexp_replace(lower(showcase_private.search_unaccent(value)), '\s+', ' ', 'g'))
$$;

grant execute on function showcase_private.search_unaccent(text) to anon, authenticated, service_role;
grant execute on function showcase_private.search_key(text) to anon, authenticated, service_role;

create table if not exists showcase_private.project_search (
  project_id uuid primary key references public.projects (id) on delete cascade,
  document tsvector not null
);
create index if not exists project_search_document_idx on showcase_private.project_search using gin (document);
revoke all on showcase_private.project_search from public, anon, authenticated;

-- One project's document, from its current rows.
create or replace function showcase_private.project_search_document(target uuid) returns tsvector
language sql stable security definer set search_path = '' as $$
  select setweight(to_tsvector('showcase_private.search_english', p.title), 'A')
      || setweight(to_tsvector('showcase_private.search_english', p.description), 'B')
      || setweight(to_tsvector('showcase_private.search_english', concat_ws(' ',
           p.tool,
           (select string_agg(pt.tool, ' ') from public.project_tools pt where pt.project_id = p.id),
           (select string_agg(t.name || ' ' || replace(t.slug, '-', ' '), ' ')
              from public.project_tags pg join public.tags t on t.id = pg.tag_id where pg.project_id = p.id))), 'C')
      || setweight(to_tsvector('showcase_private.search_english',
           concat_ws(' ', p.long_description, (select c.name from public.creators c where c.id = p.creator_id))), 'D')
    from public.projects p
   where p.id = target
$$;

create or replace function showcase_private.refresh_project_search(target uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  doc tsvector := showcase_private.project_search_document(target);
begin
  if doc is null then
    delete from showcase_private.project_search where project_id = target;
  else
    insert into showcase_private.project_search (project_id, document) values (target, doc)
    on conflict (project_id) do update set document = excluded.document
    where showcase_private.project_search.document is distinct from excluded.document;
  end if;
end $$;
revoke all on function showcase_private.project_search_document(uuid) from public;
revoke all on function showcase_private.refresh_project_search(uuid) from public;

create or replace function showcase_private.project_search_on_project() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.refresh_project_search(new.id);
  return null;
end $$;

create or replace function showcase_private.project_search_on_part() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform showcase_private.refresh_project_search(new.project_id);
  end if;
  if tg_op in ('DELETE', 'UPDATE') and (tg_op = 'DELETE' or old.project_id is distinct from new.project_id) then
    perform showcase_private.refresh_project_search(old.project_id);
  end if;
  return null;
end $$;

create or replace function showcase_private.project_search_on_tag() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.refresh_project_search(pg.project_id)
     from public.project_tags pg where pg.tag_id = new.id;
  return null;
end $$;

create or replace function showcase_private.project_search_on_creator() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.refresh_project_search(p.id)
     from public.projects p where p.creator_id = new.id;
  return null;
end $$;

drop trigger if exists project_search_document on public.projects;
create trigger project_search_document
  after insert or update of title, description, long_description, tool, creator_id on public.projects
  for each row execute function showcase_private.project_search_on_project();

drop trigger if exists project_search_document on public.project_tools;
create trigger project_search_document after insert or update or delete on public.project_tools
  for each row execute function showcase_private.project_search_on_part();

drop trigger if exists project_search_document on public.project_tags;
create trigger project_search_document after insert or update or delete on public.project_tags
  for each row execute function showcase_private.project_search_on_part();

drop trigger if exists project_search_document on public.tags;
create trigger project_search_document after update of name, slug on public.tags
  for each row when (old.name is distinct from new.name or old.slug is distinct from new.slug)
  execute function showcase_private.project_search_on_tag();

drop trigger if exists project_search_document on public.creators;
create trigger project_search_document after update of name on public.creators
  for each row when (old.name is distinct from new.name)
  execute function showcase_private.project_search_on_creator();

-- Every project there is now.
insert into showcase_private.project_search (project_id, document)
select p.id, showcase_private.project_search_document(p.id) from public.projects p
on conflict (project_id) do update set document = excluded.document;

-- The typo path's trigram indexes: names as search_key compares them.
create index if not exists projects_title_key_trgm_idx on public.projects using gin (showcase_private.search_key(title) gin_trgm_ops);
create index if not exists tags_name_key_trgm_idx on public.tags using gin (showcase_private.search_key(name) gin_trgm_ops);
create index if not exists creators_name_key_trgm_idx on public.creators using gin (showcase_private.search_key(name) gin_trgm_ops);

-- What search reads: the list's rows (public.project_listing: the projects anyone may see in the
-- list, and no other) with their document and name key. It runs with its owner's rights, like the
-- listing view (0061), so the GIN and trigram indexes serve it; the search functions that read it
-- run as the caller.
create or replace view showcase_private.searchable_projects with (security_invoker = false) as
select l.*, s.document, showcase_private.search_key(l.title) as title_key
  from public.project_listing l
  join showcase_private.project_search s on s.project_id = l.id;

revoke all on showcase_private.searchable_projects from public, anon, authenticated;
grant select on showcase_private.searchable_projects to anon, authenticated, service_role;
