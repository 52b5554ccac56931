-- What the admin panel's guard asks: the caller's role from their current auth.users row
-- ('admin', 'moderator' or 'user'; null when signed out), so a demoted admin is turned away on
-- the next page load even while their old token still says otherwise.
create or replace function public.current_staff_role() returns text
language sql stable as $$
  select case
    when auth.uid() is null then null
    when public.is_admin() then 'admin'
    when public.is_moderator() then 'moderator'
    else 'user'
  end
$$;

grant execute on function public.current_staff_role() to anon, authenticated, service_role;
