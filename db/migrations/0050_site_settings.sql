-- Site settings (admin panel › Settings): one row, persisted and enforced.
-- The table itself is admin-only; the few values every visitor's page needs are exposed through
-- the site_settings_public view, so the e-mail and moderation switches never reach a non-admin.

create table if not exists public.site_settings (
  id boolean primary key default true check (id),
  site_name text not null default 'AI Showcase'
    check (char_length(btrim(site_name)) between 1 and 80),
  site_description text not null default 'A community showcase for projects built with AI coding tools like Lovable, Cursor and Bolt.'
    check (char_length(site_description) <= 300),
  allow_registration boolean not null default true,
  require_email_verification boolean not null default true,
  moderation_enabled boolean not null default true,
  theme text not null default 'system' check (theme in ('light', 'dark', 'system')),
  email_notifications boolean not null default true,
  push_notifications boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid
);

insert into public.site_settings (id) values (true) on conflict (id) do nothing;

alter table public.site_settings enable row level security;

-- is_admin() (0002) reads the current auth.users row, so a demotion acts on the next request.
drop policy if exists site_settings_admin_read on public.site_settings;
create policy site_settings_admin_read on public.site_settings
  for select to authenticated using ((select public.is_admin()));

drop policy if exists site_settings_admin_update on public.site_settings;
create policy site_settings_admin_update on public.site_settings
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- No insert/delete policy: the single row always exists.
revoke insert, delete, truncate on public.site_settings from anon, authenticated;
revoke all on public.site_settings from anon;

create or replace function public.site_settings_touch() returns trigger
language plpgsql as $$
begin
  new.id := true;
  new.updated_at := now();
  new.updated_by := auth.uid();
  new.site_name := btrim(new.site_name);
  new.site_description := btrim(new.site_description);
  return new;
end $$;

drop trigger if exists site_settings_touch on public.site_settings;
create trigger site_settings_touch before update on public.site_settings
  for each row execute function public.site_settings_touch();

-- What every page shows (header, titles, meta, theme, whether the sign-up form is open).
-- A plain (definer-rights) view on purpose: it exposes these four columns and nothing else.
create or replace view public.site_settings_public as
  select site_name, site_description, theme, allow_registration
  from public.site_settings
  where id;

revoke all on public.site_settings_public from anon, authenticated;
grant select on public.site_settings_public to anon, authenticated, service_role;
