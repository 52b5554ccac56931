-- Who the caller is, read from the current auth.users row on every call (never from the token,
-- never from user_metadata, which its own user can write). A demotion, ban or deletion therefore
-- acts on the caller's very next statement, not when their access token expires.
--
-- SECURITY DEFINER because the API roles cannot read auth.users; search_path is empty so that
-- nothing a caller creates can shadow the names used inside.

create or replace function public.is_banned() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select (u.banned_until is not null and u.banned_until > now()) or u.deleted_at is not null
       from auth.users u where u.id = auth.uid()),
    false)
$$;

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'admin'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
       from auth.users u where u.id = auth.uid()),
    false)
$$;

create or replace function public.is_moderator() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'moderator'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
       from auth.users u where u.id = auth.uid()),
    false)
$$;

-- They only ever describe the caller, so every API role may call them (policies need that).
revoke all on function public.is_banned(), public.is_admin(), public.is_moderator() from public;
grant execute on function public.is_banned(), public.is_admin(), public.is_moderator()
  to anon, authenticated, service_role;

-- Trigger functions and helpers that take a user id live here, outside the API-exposed schema.
create schema if not exists showcase_private;
revoke all on schema showcase_private from public;
