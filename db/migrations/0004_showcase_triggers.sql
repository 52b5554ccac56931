-- What the database keeps for itself: normalised input, counts, comment author names, and the
-- columns only staff (or nobody) may change. Row Level Security decides *which rows* a caller may
-- write; these triggers decide *which columns*, because a policy cannot compare old and new values.

-- True for the server's own connection, service_role and SECURITY DEFINER code; false for API callers.
-- Deliberately SECURITY INVOKER: it must see the role of the statement that fired the trigger.
create or replace function showcase_private.is_privileged() returns boolean
language sql stable set search_path = '' as $$
  select current_user not in ('anon', 'authenticated')
$$;
grant usage on schema showcase_private to anon, authenticated, service_role;
revoke all on function showcase_private.is_http_url(text), showcase_private.is_privileged() from public;
grant execute on function showcase_private.is_http_url(text), showcase_private.is_privileged()
  to anon, authenticated, service_role;

-- The name a comment shows: the creator profile's name, else the account's metadata name,
-- else the e-mail's local part, else 'Anonymous' (SPEC §6).
create or replace function showcase_private.author_name(user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select left(coalesce(
    nullif(btrim((select c.name from public.creators c where c.id = user_id)), ''),
    nullif(btrim((select u.raw_user_meta_data ->> 'name' from auth.users u where u.id = user_id)), ''),
    nullif(split_part((select u.email from auth.users u where u.id = user_id), '@', 1), ''),
    'Anonymous'), 100)
$$;
-- It reads any user's profile, so no API role may call it directly.
revoke all on function showcase_private.author_name(uuid) from public, anon, authenticated;

create or replace function showcase_private.refresh_comment_author(target uuid) returns void
language sql security definer set search_path = '' as $$
  update public.project_comments set user_name = showcase_private.author_name(target)
  where user_id = target and user_name is distinct from showcase_private.author_name(target)
$$;
revoke all on function showcase_private.refresh_comment_author(uuid) from public, anon, authenticated;

-- Empty optional text (a blank URL field, an empty bio) is stored as null, so "shown when present"
-- is a null check everywhere.
create or replace function showcase_private.blank_to_null(value text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(btrim(value), '')
$$;
grant execute on function showcase_private.blank_to_null(text) to anon, authenticated, service_role;

-- creators ------------------------------------------------------------------------------------
create or replace function showcase_private.creators_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(new.name);
  new.bio := showcase_private.blank_to_null(new.bio);
  new.avatar_url := showcase_private.blank_to_null(new.avatar_url);
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      new.created_at := now();
    end if;
  elsif not showcase_private.is_privileged()
        and (new.id is distinct from old.id or new.created_at is distinct from old.created_at) then
    raise exception 'A creator''s id and created_at cannot be changed' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

drop trigger if exists creators_before_write on public.creators;
create trigger creators_before_write before insert or update on public.creators
  for each row execute function showcase_private.creators_before_write();

-- A new or renamed creator profile renames the author on their comments.
create or replace function showcase_private.creators_after_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.name is distinct from old.name then
    perform showcase_private.refresh_comment_author(new.id);
  end if;
  return null;
end $$;

drop trigger if exists creators_after_write on public.creators;
create trigger creators_after_write after insert or update on public.creators
  for each row execute function showcase_private.creators_after_write();

-- The profile screen renames through the auth API (user_metadata {name, avatar_url}); keep the
-- public creator profile, and with it the comment author names, in step. Never fails the auth
-- update: an unusable name is skipped, a non-http(s) avatar becomes null.
create or replace function showcase_private.auth_user_profile_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  new_name text := left(btrim(new.raw_user_meta_data ->> 'name'), 100);
  new_avatar text := showcase_private.blank_to_null(new.raw_user_meta_data ->> 'avatar_url');
begin
  if new.raw_user_meta_data ->> 'name' is distinct from old.raw_user_meta_data ->> 'name'
     and coalesce(new_name, '') <> '' then
    update public.creators set name = new_name where id = new.id and name is distinct from new_name;
  end if;
  if new.raw_user_meta_data ->> 'avatar_url' is distinct from old.raw_user_meta_data ->> 'avatar_url' then
    update public.creators
       set avatar_url = case when showcase_private.is_http_url(new_avatar) then new_avatar end
     where id = new.id;
  end if;
  perform showcase_private.refresh_comment_author(new.id);
  return null;
end $$;

drop trigger if exists showcase_auth_user_profile_changed on auth.users;
create trigger showcase_auth_user_profile_changed
  after update of raw_user_meta_data, email on auth.users
  for each row execute function showcase_private.auth_user_profile_changed();

-- projects ------------------------------------------------------------------------------------
create or replace function showcase_private.projects_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  staff boolean;
  content_changed boolean;
begin
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.long_description := showcase_private.blank_to_null(new.long_description);
  new.image_url := showcase_private.blank_to_null(new.image_url);
  new.live_url := showcase_private.blank_to_null(new.live_url);
  new.github_url := showcase_private.blank_to_null(new.github_url);
  new.rejection_reason := showcase_private.blank_to_null(new.rejection_reason);

  if tg_op = 'INSERT' then
    -- Status, featured and the counts are checked by the insert policy; the clock is ours.
    if not showcase_private.is_privileged() then
      new.created_at := now();
      new.updated_at := now();
      new.rejection_reason := null;
    end if;
    return new;
  end if;

  content_changed := (new.title, new.description, new.long_description, new.image_url, new.live_url,
                      new.github_url, new.tool, new.category)
                     is distinct from
                     (old.title, old.description, old.long_description, old.image_url, old.live_url,
                      old.github_url, old.tool, old.category);

  if not showcase_private.is_privileged() then
    if new.id is distinct from old.id or new.creator_id is distinct from old.creator_id
       or new.created_at is distinct from old.created_at then
      raise exception 'A project''s id, creator and creation time cannot be changed' using errcode = '42501';
    end if;
    if new.upvotes is distinct from old.upvotes or new.comment_count is distinct from old.comment_count then
      raise exception 'Upvotes and comment counts are kept by the database' using errcode = '42501';
    end if;
    if new.featured is distinct from old.featured and not public.is_admin() then
      raise exception 'Only admins can feature projects' using errcode = '42501';
    end if;
    staff := public.is_admin() or public.is_moderator();
    if (new.status, new.rejection_reason) is distinct from (old.status, old.rejection_reason) and not staff then
      raise exception 'Only admins and moderators can review projects' using errcode = '42501';
    end if;
    if content_changed and not (public.is_admin() or old.creator_id = (select auth.uid())) then
      raise exception 'Only the owner or an admin can edit a project' using errcode = '42501';
    end if;
    -- An owner's edit goes back through review, so an approved project cannot be swapped for
    -- something the team never saw.
    if content_changed and not staff and old.status <> 'pending' then
      new.status := 'pending';
      new.rejection_reason := null;
    end if;
    new.updated_at := now();
  elsif content_changed
        or (new.status, new.featured, new.rejection_reason) is distinct from (old.status, old.featured, old.rejection_reason) then
    new.updated_at := now();
  end if;
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  return new;
end $$;

drop trigger if exists projects_before_write on public.projects;
create trigger projects_before_write before insert or update on public.projects
  for each row execute function showcase_private.projects_before_write();

-- project_comments ----------------------------------------------------------------------------
create or replace function showcase_private.comments_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      new.created_at := now();
    end if;
  elsif not showcase_private.is_privileged()
        and (new.project_id, new.user_id, new.created_at) is distinct from (old.project_id, old.user_id, old.created_at) then
    raise exception 'A comment''s project, author and time cannot be changed' using errcode = '42501';
  end if;
  return new;
end $$;

-- Named so it sorts after comments_guard: triggers of one event fire in name order.
create or replace function showcase_private.comments_set_author() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.user_name := showcase_private.author_name(new.user_id);
  return new;
end $$;

drop trigger if exists comments_a_guard on public.project_comments;
create trigger comments_a_guard before insert or update on public.project_comments
  for each row execute function showcase_private.comments_guard();
drop trigger if exists comments_b_set_author on public.project_comments;
create trigger comments_b_set_author before insert or update on public.project_comments
  for each row execute function showcase_private.comments_set_author();

-- projects.comment_count follows the comments. SECURITY DEFINER: the commenter may not update projects.
create or replace function showcase_private.comments_count() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.projects set comment_count = comment_count - 1 where id = old.project_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.projects set comment_count = comment_count + 1 where id = new.project_id;
  end if;
  return null;
end $$;

drop trigger if exists comments_count on public.project_comments;
create trigger comments_count after insert or delete or update of project_id on public.project_comments
  for each row execute function showcase_private.comments_count();
