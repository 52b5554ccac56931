-- "Require two-factor for staff" (issue 36 item 5, decision 242): a site setting that makes every
-- staff action need an aal2 session, for staff with a verified factor (already so, 0274) and for
-- staff without one, who then act only as members until they enroll and sign in with a code.
-- is_admin() and is_moderator() ask session_meets_assurance, so every RLS policy, RPC and view
-- that asks them follows; /functions/v1 asks its TypeScript twin (server/auth/mfa.ts).

alter table public.site_settings add column if not exists require_staff_two_factor boolean not null default false;

-- Whether the caller's session is as strong as their account requires: aal2 in the token; or,
-- with the setting off, no verified factor to prove. Asked only of staff, after their role matched.
create or replace function showcase_private.session_meets_assurance(account uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or (not coalesce((select s.require_staff_two_factor from public.site_settings s where s.id), false)
          and not exists (select 1 from auth.mfa_factors f where f.user_id = account and f.status = 'verified'))
$$;
revoke all on function showcase_private.session_meets_assurance(uuid) from public;
grant execute on function showcase_private.session_meets_assurance(uuid) to anon, authenticated, service_role;

-- An admin turns the setting on only from an aal2 session (so they have a factor and have just
-- proved it): switched on from aal1, it would take away their own right to switch it off again.
-- The server's own connection and the service role (no user in the claims) are not asked.
create or replace function showcase_private.require_staff_two_factor_guard() returns trigger
language plpgsql as $$
begin
  if new.require_staff_two_factor and not old.require_staff_two_factor
     and auth.uid() is not null
     and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception using
      errcode = '42501',
      message = 'Set up two-factor authentication in your profile and sign in with a code before requiring it for staff',
      hint = 'The session that turns this on must be aal2.';
  end if;
  return new;
end $$;

drop trigger if exists site_settings_require_staff_two_factor on public.site_settings;
create trigger site_settings_require_staff_two_factor before update of require_staff_two_factor on public.site_settings
  for each row execute function showcase_private.require_staff_two_factor_guard();
