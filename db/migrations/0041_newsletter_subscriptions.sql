-- The footer's Stay Updated form. Anyone may subscribe an address, once; nobody but admins reads
-- or removes the list.
--
-- Visitors write through one function, public.subscribe_newsletter(email), not the table: it
-- normalises the address, stores it at most once and answers the same way for a new and a
-- repeated address, so the endpoint cannot tell anyone whether someone else is subscribed.
-- (A direct insert would also need the caller to read the row back: /rest/v1 answers every
-- write with RETURNING, and visitors may not read this table.)

create table if not exists public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint newsletter_subscriptions_email_shape
    check (char_length(email) <= 320 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  created_at timestamptz not null default now()
);

create unique index if not exists newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));

alter table public.newsletter_subscriptions enable row level security;

revoke all on public.newsletter_subscriptions from public, anon, authenticated;
grant select, delete on public.newsletter_subscriptions to authenticated;
grant all on public.newsletter_subscriptions to service_role;

drop policy if exists newsletter_admin_read on public.newsletter_subscriptions;
create policy newsletter_admin_read on public.newsletter_subscriptions
  for select to authenticated using ((select public.is_admin()));

drop policy if exists newsletter_admin_delete on public.newsletter_subscriptions;
create policy newsletter_admin_delete on public.newsletter_subscriptions
  for delete to authenticated using ((select public.is_admin()));

-- SECURITY DEFINER: callers may not touch the table; this is the one way in.
-- Errors: 22023 'Please enter a valid email address.' for anything that is not an address.
create or replace function public.subscribe_newsletter(email text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := lower(btrim(coalesce(subscribe_newsletter.email, '')));
begin
  if char_length(address) > 320 or address !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  insert into public.newsletter_subscriptions (email) values (address)
  on conflict ((lower(email))) do nothing;
  return true;
end $$;

revoke all on function public.subscribe_newsletter(text) from public;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;
