-- People are people (issue 30 item 4, finding L1, decision 226).
--
-- * A display name has rules (domain/display-name.ts states them for the browser and the server;
--   this is their mirror, the last word): trimmed, 1 to 50 characters, no control or bidi
--   characters, not "Admin", "Administrator", "Moderator" or the site's name once lower-cased,
--   digits read as the letters they imitate and everything but letters dropped. A creator row is
--   checked when it is made or renamed only, so existing people keep their names.
-- * The name chosen at sign-up makes the creator row when the address is confirmed (the metadata
--   is that of the sign-up whose link was followed, never another pending one's: 0070, decision
--   105), so a new maker is never shown under their e-mail's local part.
-- * A profile has up to 3 http(s) links.
-- * Avatars live in their own public bucket, sized like project images; each person writes only
--   under a folder named by their own id.
-- * creator_stats: joined date, upvotes received, launch wins, for the creator page.

create or replace function showcase_private.display_name_problem(raw text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when raw is null then 'Display name must be 1 to 50 characters'
    when btrim(raw) ~ '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'
      then 'Display name cannot contain control or text-direction characters'
    when char_length(btrim(raw)) not between 1 and 50 then 'Display name must be 1 to 50 characters'
    when regexp_replace(translate(lower(normalize(btrim(raw), NFKC)), '0134578@$!|', 'oieastbasil'), '[^a-z]', '', 'g')
         in ('admin', 'administrator', 'moderator', 'aishowcase')
      then 'That display name is reserved. Please choose another'
  end
$$;
revoke all on function showcase_private.display_name_problem(text) from public;
grant execute on function showcase_private.display_name_problem(text) to anon, authenticated, service_role;

create or replace function showcase_private.profile_links_problem(links text[]) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when links is null then null
    when cardinality(links) > 3 then 'You can add at most 3 links'
    when exists (select 1 from unnest(links) l where l is null or not showcase_private.is_http_url(l) or char_length(l) > 300)
      then 'Links must start with http:// or https://'
  end
$$;
revoke all on function showcase_private.profile_links_problem(text[]) from public;
grant execute on function showcase_private.profile_links_problem(text[]) to anon, authenticated, service_role;

alter table public.creators add column if not exists links text[] not null default '{}';

-- Runs after creators_before_write (triggers fire in name order), so it sees the trimmed name.
create or replace function showcase_private.creators_profile_check() returns trigger
language plpgsql set search_path = '' as $$
declare
  problem text;
begin
  if tg_op = 'INSERT' or new.name is distinct from old.name then
    problem := showcase_private.display_name_problem(new.name);
    if problem is not null then
      raise exception '%', problem using errcode = '23514';
    end if;
  end if;
  new.links := coalesce(array(select btrim(l) from unnest(new.links) l where btrim(l) <> ''), '{}');
  if tg_op = 'INSERT' or new.links is distinct from old.links then
    problem := showcase_private.profile_links_problem(new.links);
    if problem is not null then
      raise exception '%', problem using errcode = '23514';
    end if;
  end if;
  return new;
end $$;

drop trigger if exists creators_profile_check on public.creators;
create trigger creators_profile_check before insert or update on public.creators
  for each row execute function showcase_private.creators_profile_check();

-- The name shown for someone without a creator row: their metadata name only when it passes the
-- rules, else the e-mail's local part when it does, else 'Anonymous'.
create or replace function showcase_private.author_name(user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    nullif(btrim((select c.name from public.creators c where c.id = user_id)), ''),
    (select btrim(u.raw_user_meta_data ->> 'name') from auth.users u
      where u.id = user_id and showcase_private.display_name_problem(u.raw_user_meta_data ->> 'name') is null),
    (select split_part(u.email, '@', 1) from auth.users u
      where u.id = user_id and showcase_private.display_name_problem(split_part(u.email, '@', 1)) is null),
    'Anonymous')
$$;
revoke all on function showcase_private.author_name(uuid) from public, anon, authenticated;

-- Renames through the auth API keep the creator row in step; a name the rules refuse is skipped
-- (the auth API refuses it first: server/auth/user.ts), so this never fails an auth update.
create or replace function showcase_private.auth_user_profile_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  new_name text := btrim(new.raw_user_meta_data ->> 'name');
  new_avatar text := showcase_private.blank_to_null(new.raw_user_meta_data ->> 'avatar_url');
begin
  if new.raw_user_meta_data ->> 'name' is distinct from old.raw_user_meta_data ->> 'name'
     and showcase_private.display_name_problem(new_name) is null then
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

-- A confirmed account whose metadata carries a valid name gets its creator row. The auth server
-- calls this where an account is confirmed (sign-up with confirmation off, the sign-up link,
-- GitHub sign-up): not a trigger, so rows written straight into auth.users (seeds, admin tools)
-- make no profile. Without a valid name nothing is made, and nothing fails.
create or replace function showcase_private.creator_from_signup(user_id uuid) returns void
language sql security definer set search_path = '' as $$
  insert into public.creators (id, name)
  select u.id, btrim(u.raw_user_meta_data ->> 'name') from auth.users u
   where u.id = user_id and u.email_confirmed_at is not null and not coalesce(u.is_anonymous, false)
     and u.deleted_at is null
     and showcase_private.display_name_problem(u.raw_user_meta_data ->> 'name') is null
  on conflict (id) do nothing
$$;
revoke all on function showcase_private.creator_from_signup(uuid) from public, anon, authenticated;

-- Avatars ----------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

drop policy if exists "avatars: anyone reads" on storage.objects;
create policy "avatars: anyone reads" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'avatars');

drop policy if exists "avatars: each person writes in their own folder" on storage.objects;
create policy "avatars: each person writes in their own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and owner = (select auth.uid())
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and not (select public.is_anonymous())
    and (select storage.caller_may_upload())
  );

drop policy if exists "avatars: each person overwrites their own" on storage.objects;
create policy "avatars: each person overwrites their own" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and owner = (select auth.uid()))
  with check (
    bucket_id = 'avatars'
    and owner = (select auth.uid())
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select storage.caller_may_upload())
  );

drop policy if exists "avatars: each person deletes their own" on storage.objects;
create policy "avatars: each person deletes their own" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and owner = (select auth.uid()));

-- Stats ------------------------------------------------------------------------------------------
-- Read as the caller: every count goes through the projects and launch_winners policies, so only
-- what the caller may see is counted (a visitor: approved projects).
create or replace function public.creator_stats(creator uuid)
returns table (joined_at timestamptz, upvotes_received bigint, wins bigint, projects bigint)
language sql stable security invoker set search_path = '' as $$
  with made as (
    select p.id, p.upvotes from public.projects p
     where p.status = 'approved'
       and (p.creator_id = creator
            or exists (select 1 from public.project_makers m where m.project_id = p.id and m.user_id = creator and m.role = 'maker'))
  )
  select c.created_at,
         coalesce((select sum(made.upvotes) from made), 0)::bigint,
         (select count(*) from public.launch_winners w where w.project_id in (select made.id from made)),
         (select count(*) from made)
    from public.creators c where c.id = creator
$$;
revoke all on function public.creator_stats(uuid) from public;
grant execute on function public.creator_stats(uuid) to anon, authenticated, service_role;
