-- The page cache (server/web/page-cache.ts, decision 206) hears that what a public page shows
-- changed: a NOTIFY on channel 'page_cache' when a transaction writes any table a drawn page
-- reads. Every instance on the database LISTENs, so each one's cache goes stale together.
--
-- One statement-level trigger per table (not per row), and one payload (''), which Postgres
-- folds into a single notification per transaction however many statements fire it. Only that
-- the pages changed travels, not what: a change marks every cached page stale, and each route
-- is drawn again at most once a second while its previous copy is served.
--
-- Not listed on purpose: project_views (a view must not redraw the page it counts; the cache's
-- PAGE_CACHE_MAX_AGE_SECONDS bounds how old a view count may be), and private tables.
create or replace function platform.page_cache_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_notify('page_cache', '');
  return null;
end $$;
revoke all on function platform.page_cache_changed() from public;

do $do$
declare
  t text;
begin
  foreach t in array array[
    'creators', 'projects', 'project_votes', 'project_comments', 'comment_votes', 'site_settings',
    'content_items', 'tags', 'project_tags', 'project_tools', 'project_images', 'project_makers',
    'launch_winners', 'follows'
  ] loop
    if to_regclass(format('public.%I', t)) is not null then
      execute format('drop trigger if exists page_cache_changed on public.%I', t);
      execute format(
        'create trigger page_cache_changed after insert or update or delete or truncate on public.%I
           for each statement execute function platform.page_cache_changed()', t);
    end if;
  end loop;
end $do$;
