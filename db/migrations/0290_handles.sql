-- Handles (issue 30 item 4, decision 228). Every creator has a unique handle, the name others
-- @-mention them by: 3–30 characters, lowercase letters, digits and underscores, starting with a
-- letter; stored lowercase, so unique case-insensitively; never a reserved name (staff roles, the
-- app's route names, the site's name), alone or followed by digits and underscores. A creator
-- without one is given one from their display name (else their e-mail's local part, else "maker"),
-- with a number added on a collision. Only the creator (and an admin, as for every column of
-- creators) changes it: creators' update policies already say so. domain/handles.ts holds the
-- same rules and words.

alter table public.creators add column if not exists handle text;

-- Whether a handle is reserved: the list (the same as domain/handles.ts RESERVED_HANDLES), alone or
-- followed by digits and underscores, or the site's name (as set by the admin) without its spaces.
create or replace function showcase_private.handle_is_reserved(candidate text) returns boolean
language sql stable security definer set search_path = '' as $$
  select regexp_replace(lower(candidate), '[_0-9]+$', '') = any (array[
    'admin', 'administrator', 'moderator', 'mod', 'support', 'staff', 'team', 'official', 'help', 'root',
    'system', 'security', 'everyone', 'here', 'null', 'undefined', 'anonymous', 'api', 'auth', 'rest',
    'storage', 'realtime', 'functions', 'projects', 'project', 'submit', 'submit_project', 'settings', 'profile', 'creators',
    'creator', 'makers', 'people', 'tags', 'tag', 'signin', 'signup', 'signout', 'login', 'logout',
    'register', 'welcome', 'notifications', 'following', 'followers', 'bookmarks', 'collections', 'invitations', 'my_projects', 'upcoming',
    'leaderboard', 'winners', 'launches', 'about', 'blog', 'documentation', 'docs', 'community', 'terms', 'privacy',
    'forgot_password', 'reset_password', 'search', 'feed', 'rss', 'sitemap', 'badge', 'badges', 'aishowcase', 'ai_showcase',
    'showcase'
  ]::text[])
  or regexp_replace(lower(candidate), '[_0-9]+$', '') = coalesce(
       (select regexp_replace(lower(s.site_name), '[^a-z0-9]+', '', 'g') from public.site_settings s where s.id), 'aishowcase')
$$;
revoke all on function showcase_private.handle_is_reserved(text) from public;
grant execute on function showcase_private.handle_is_reserved(text) to authenticated, service_role;

-- A free handle for a creator: from the name, else the e-mail's local part, else "maker"; a number
-- added (2, 3, …) while it is taken or reserved.
create or replace function showcase_private.new_handle(creator uuid, display_name text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  source text;
  base text;
  candidate text;
  n integer := 1;
begin
  foreach source in array array[display_name, (select split_part(u.email, '@', 1) from auth.users u where u.id = creator), 'maker'] loop
    base := regexp_replace(lower(coalesce(source, '')), '[^a-z0-9]+', '_', 'g');
    base := regexp_replace(base, '^[^a-z]+', '');
    base := btrim(left(base, 24), '_');
    exit when char_length(base) >= 3 and not showcase_private.handle_is_reserved(base);
  end loop;
  candidate := base;
  while showcase_private.handle_is_reserved(candidate)
        or exists (select 1 from public.creators c where c.handle = candidate and c.id <> creator) loop
    n := n + 1;
    candidate := base || n::text;
  end loop;
  return candidate;
end $$;
revoke all on function showcase_private.new_handle(uuid, text) from public, anon, authenticated;

-- Every creator now has one (oldest first, so an early maker keeps the plain name).
do $$
declare
  r record;
begin
  for r in select c.id, c.name from public.creators c where c.handle is null order by c.created_at, c.id loop
    update public.creators set handle = showcase_private.new_handle(r.id, r.name) where id = r.id;
  end loop;
end $$;

alter table public.creators alter column handle set not null;
alter table public.creators drop constraint if exists creators_handle_format;
alter table public.creators add constraint creators_handle_format check (handle ~ '^[a-z][a-z0-9_]{2,29}$');
create unique index if not exists creators_handle_key on public.creators (handle);

-- Clear words for a bad, reserved or taken handle; a new creator without one is given one.
-- SECURITY DEFINER for new_handle (it reads the account's e-mail); it changes only NEW.
create or replace function showcase_private.creators_handle_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' and showcase_private.blank_to_null(new.handle) is null then
    new.handle := showcase_private.new_handle(new.id, new.name);
    return new;
  end if;
  if tg_op = 'UPDATE' and new.handle is not distinct from old.handle then
    return new;
  end if;
  new.handle := lower(regexp_replace(btrim(coalesce(new.handle, '')), '^@', ''));
  if new.handle = '' then
    raise exception 'Choose a handle.' using errcode = '22023';
  end if;
  if new.handle !~ '^[a-z][a-z0-9_]{2,29}$' then
    raise exception 'A handle is 3 to 30 characters: lowercase letters, digits and underscores, starting with a letter.' using errcode = '22023';
  end if;
  if showcase_private.handle_is_reserved(new.handle) then
    raise exception 'That handle is reserved. Please choose another.' using errcode = '22023';
  end if;
  if exists (select 1 from public.creators c where c.handle = new.handle and c.id <> new.id) then
    raise exception 'That handle is taken. Please choose another.' using errcode = '23505';
  end if;
  return new;
end $$;

drop trigger if exists creators_handle on public.creators;
create trigger creators_handle before insert or update of handle on public.creators
  for each row execute function showcase_private.creators_handle_before_write();

-- The caller's creator profile, made now if they have none (a member who has only commented or
-- just signed up): the account page and the onboarding show the handle it was given. Returns it.
create or replace function public.ensure_my_creator() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  mine text;
begin
  if auth.uid() is null or public.is_anonymous() then
    raise exception 'Sign in to have a profile' using errcode = '42501';
  end if;
  select c.handle into mine from public.creators c where c.id = auth.uid();
  if found then
    return mine;
  end if;
  if public.is_banned() then
    raise exception 'This account is suspended' using errcode = '42501';
  end if;
  insert into public.creators (id, name) values (auth.uid(), showcase_private.author_name(auth.uid()))
  on conflict (id) do nothing;
  select c.handle into mine from public.creators c where c.id = auth.uid();
  return mine;
end $$;
revoke all on function public.ensure_my_creator() from public, anon;
grant execute on function public.ensure_my_creator() to authenticated, service_role;
