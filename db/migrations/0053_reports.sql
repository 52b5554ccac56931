-- User reports (Report action on projects, comments and users; admin panel › Moderation).
-- Labels (reported_item, reporter) are written by the database from the real rows, never taken
-- from the client, so a report cannot put words in someone else's mouth.

create table if not exists public.reports (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('comment', 'project', 'user')),
  target_id uuid not null,
  reported_item text not null default '',
  reporter_id uuid default auth.uid() references auth.users (id) on delete set null,
  reporter text not null default '',
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  status text not null default 'pending' check (status in ('pending', 'resolved', 'dismissed')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  -- Whether the moderator also hid the reported item when resolving.
  target_hidden boolean not null default false
);

create index if not exists reports_status_created_at_idx on public.reports (status, created_at desc);
create index if not exists reports_reporter_id_idx on public.reports (reporter_id);
-- One open report per person and item: repeated clicks do not flood the queue.
create unique index if not exists reports_one_pending_per_reporter
  on public.reports (reporter_id, type, target_id) where status = 'pending';

alter table public.reports enable row level security;

drop policy if exists reports_insert_own on public.reports;
create policy reports_insert_own on public.reports
  for insert to authenticated
  with check (reporter_id = (select auth.uid()) and not (select public.is_banned()));

-- Staff read every report; a reporter may read their own (the insert's return=representation).
drop policy if exists reports_read on public.reports;
create policy reports_read on public.reports
  for select to authenticated
  using ((select public.is_admin()) or (select public.is_moderator()) or reporter_id = (select auth.uid()));

-- Status changes go through moderate_report(), which also stamps who and when.
revoke update, delete, truncate on public.reports from anon, authenticated;
revoke all on public.reports from anon;

create or replace function showcase_private.reports_prepare() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  label text;
begin
  if char_length(btrim(coalesce(new.reason, ''))) = 0 then
    raise exception 'Please choose a reason for the report' using errcode = '23514';
  elsif char_length(btrim(new.reason)) > 500 then
    raise exception 'The reason is too long (at most 500 characters)' using errcode = '23514';
  end if;
  new.reporter_id := coalesce(auth.uid(), new.reporter_id);
  new.reason := btrim(new.reason);
  new.status := 'pending';
  new.resolved_at := null;
  new.resolved_by := null;
  new.target_hidden := false;
  new.created_at := now();

  if new.type = 'project' then
    select p.title into label from public.projects p where p.id = new.target_id;
    if label is null then raise exception 'Project not found' using errcode = 'P0002'; end if;
  elsif new.type = 'comment' then
    select left(c.content, 80) || case when char_length(c.content) > 80 then '…' else '' end
      into label from public.project_comments c where c.id = new.target_id;
    if label is null then raise exception 'Comment not found' using errcode = 'P0002'; end if;
    label := 'Comment: ' || label;
  elsif new.type = 'user' then
    select coalesce(cr.name, nullif(u.raw_user_meta_data ->> 'name', ''), split_part(u.email, '@', 1), 'Unknown')
      into label
      from auth.users u left join public.creators cr on cr.id = u.id
     where u.id = new.target_id and u.deleted_at is null;
    if label is null then raise exception 'User not found' using errcode = 'P0002'; end if;
    label := 'User: ' || label;
  end if;
  new.reported_item := label;

  select coalesce(u.email, 'Unknown') into label from auth.users u where u.id = new.reporter_id;
  new.reporter := coalesce(label, 'Unknown');
  return new;
end $$;

drop trigger if exists reports_prepare on public.reports;
create trigger reports_prepare before insert on public.reports
  for each row execute function showcase_private.reports_prepare();
