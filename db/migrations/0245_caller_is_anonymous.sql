-- showcase_private.caller_is_anonymous() (0120) had the same body as public.is_anonymous() (0090):
-- one fact, written once. The notifications policies that call it stay as they are; the function
-- now asks public.is_anonymous(), the helper every other policy uses.
create or replace function showcase_private.caller_is_anonymous()
returns boolean
language sql
stable
set search_path = ''
as $$ select public.is_anonymous() $$;
