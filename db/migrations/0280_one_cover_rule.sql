-- One cover rule (issue 30 M2, decision 225): a project's cover is projects.image_url, and when the
-- project has a gallery, the gallery's first image IS that same picture. Every reader (cards, the
-- listing views, Today's launches, My Projects, thumbnails) may read either and gets one picture.
--
-- Before: the listing showed the gallery's first image and everything else image_url, so a maker
-- who submitted image A and then added B, C, D saw B become the public cover silently while My
-- Projects and Today's launches kept A. Now:
--   * the first image added to a project without a gallery lands after the submitted cover, which
--     joins the gallery as its first image (the cover never changes by adding images);
--   * reordering, removing or replacing the gallery's first image changes image_url to match;
--   * replacing image_url (My Projects › Edit › Change image) replaces the gallery's first image.
-- Definer rights: the triggers only mirror a write the caller's RLS already allowed.

create or replace function showcase_private.project_images_keep_cover() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cover text;
begin
  if exists (select 1 from public.project_images i where i.project_id = new.project_id) then
    return new;
  end if;
  select p.image_url into cover from public.projects p where p.id = new.project_id;
  if cover is null or cover = new.url then
    return new;
  end if;
  insert into public.project_images (project_id, url, position) values (new.project_id, cover, 0);
  new.position := greatest(new.position, 1);
  return new;
end $$;
revoke all on function showcase_private.project_images_keep_cover() from public;
-- Named to fire after project_images_before_write (triggers fire in name order), so the URL is
-- checked and trimmed first.
drop trigger if exists project_images_keep_cover on public.project_images;
create trigger project_images_keep_cover before insert on public.project_images
  for each row execute function showcase_private.project_images_keep_cover();

create or replace function showcase_private.project_images_sync_cover() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid := coalesce(new.project_id, old.project_id);
  first_url text;
begin
  select i.url into first_url from public.project_images i
   where i.project_id = target order by i.position, i.created_at, i.id limit 1;
  -- No gallery left: the last cover stays the cover.
  if first_url is not null then
    update public.projects set image_url = first_url where id = target and image_url is distinct from first_url;
  end if;
  return null;
end $$;
revoke all on function showcase_private.project_images_sync_cover() from public;
drop trigger if exists project_images_sync_cover on public.project_images;
create trigger project_images_sync_cover after insert or delete or update of url, position on public.project_images
  for each row execute function showcase_private.project_images_sync_cover();

create or replace function showcase_private.projects_cover_to_gallery() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  first_id uuid;
begin
  if new.image_url is null then
    return null;
  end if;
  select i.id into first_id from public.project_images i
   where i.project_id = new.id order by i.position, i.created_at, i.id limit 1;
  if first_id is not null then
    update public.project_images set url = new.image_url where id = first_id and url is distinct from new.image_url;
  end if;
  return null;
end $$;
revoke all on function showcase_private.projects_cover_to_gallery() from public;
drop trigger if exists projects_cover_to_gallery on public.projects;
create trigger projects_cover_to_gallery after update of image_url on public.projects
  for each row when (new.image_url is distinct from old.image_url)
  execute function showcase_private.projects_cover_to_gallery();

-- Existing projects: keep what the public sees today (the gallery's first image) as the cover.
update public.projects p
   set image_url = g.url
  from (select distinct on (i.project_id) i.project_id, i.url
          from public.project_images i
         order by i.project_id, i.position, i.created_at, i.id) g
 where g.project_id = p.id and p.image_url is distinct from g.url;
