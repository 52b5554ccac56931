-- The footer's Stay Updated form. Anyone may subscribe an address; nobody but admins reads or
-- removes the list. A repeated address is silently kept once (the insert succeeds and stores
-- nothing), so the endpoint cannot be used to test whether someone is subscribed.

create table if not exists public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint newsletter_subscriptions_email_shape
    check (char_length(email) <= 320 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  created_at timestamptz not null default now()
);

create unique index if not exists newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));

alter table public.newsletter_subscriptions enable row level security;

-- Callers choose only the address; the id and the time are ours.
revoke all on public.newsletter_subscriptions from public, anon, authenticated;
grant insert (email) on public.newsletter_subscriptions to anon, authenticated;
grant select, delete on public.newsletter_subscriptions to authenticated;
grant all on public.newsletter_subscriptions to service_role;

drop policy if exists newsletter_subscribe on public.newsletter_subscriptions;
create policy newsletter_subscribe on public.newsletter_subscriptions
  for insert to anon, authenticated with check (true);

drop policy if exists newsletter_admin_read on public.newsletter_subscriptions;
create policy newsletter_admin_read on public.newsletter_subscriptions
  for select to authenticated using ((select public.is_admin()));

drop policy if exists newsletter_admin_delete on public.newsletter_subscriptions;
create policy newsletter_admin_delete on public.newsletter_subscriptions
  for delete to authenticated using ((select public.is_admin()));

-- SECURITY DEFINER: the subscriber may not read the list, but the duplicate check must.
create or replace function showcase_private.newsletter_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.email := lower(btrim(new.email));
  if exists (select 1 from public.newsletter_subscriptions s where lower(s.email) = new.email) then
    return null;
  end if;
  return new;
end $$;
revoke all on function showcase_private.newsletter_before_insert() from public, anon, authenticated;

drop trigger if exists newsletter_before_insert on public.newsletter_subscriptions;
create trigger newsletter_before_insert before insert on public.newsletter_subscriptions
  for each row execute function showcase_private.newsletter_before_insert();
