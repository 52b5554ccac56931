-- Staff who have a second factor act only from a session that proved it (issue 36 item 5,
-- decision 231): an admin's or moderator's password alone, stolen, is no longer enough for any
-- staff action once they have enrolled TOTP. Every RLS policy, function and view that asks
-- is_admin() or is_moderator() follows; staff without a verified factor act at aal1 as before.
-- (A site-wide "require two-factor for staff" setting is still to come.)

-- Whether the caller's session is as strong as their account requires: aal2 in the token, or no
-- verified factor to prove. Asked only of staff, after their role matched.
create or replace function showcase_private.session_meets_assurance(account uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = account and f.status = 'verified')
$$;
revoke all on function showcase_private.session_meets_assurance(uuid) from public;
grant execute on function showcase_private.session_meets_assurance(uuid) to anon, authenticated, service_role;

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'admin'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
            and showcase_private.session_meets_assurance(u.id)
       from auth.users u where u.id = auth.uid()),
    false)
$$;

create or replace function public.is_moderator() returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and coalesce(
    (select u.raw_app_meta_data ->> 'role' = 'moderator'
            and (u.banned_until is null or u.banned_until <= now())
            and u.deleted_at is null
            and showcase_private.session_meets_assurance(u.id)
       from auth.users u where u.id = auth.uid()),
    false)
$$;
