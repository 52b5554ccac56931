-- /upcoming › "Notify me" for signed-in users (issue 16): one row per user and upcoming project;
-- at launch the launch-winners job tells each of them (notification type launch_went_live, 0120)
-- once, and tells the maker their project launched (project_launched).
create table if not exists public.launch_reminders (
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  primary key (project_id, user_id)
);
create index if not exists launch_reminders_pending_idx on public.launch_reminders (project_id) where notified_at is null;
alter table public.launch_reminders enable row level security;
revoke all on public.launch_reminders from public, anon, authenticated;
grant select, delete on public.launch_reminders to authenticated;
grant insert (project_id, user_id) on public.launch_reminders to authenticated;
grant all on public.launch_reminders to service_role;

drop policy if exists launch_reminders_read_own on public.launch_reminders;
create policy launch_reminders_read_own on public.launch_reminders for select to authenticated
  using (user_id = (select auth.uid()));
-- Only for a project still upcoming, by a permanent, unbanned account.
drop policy if exists launch_reminders_insert_own on public.launch_reminders;
create policy launch_reminders_insert_own on public.launch_reminders for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not (select public.is_banned())
    and not (select public.is_anonymous())
    and exists (select 1 from public.upcoming_projects u where u.id = project_id)
  );
drop policy if exists launch_reminders_delete_own on public.launch_reminders;
create policy launch_reminders_delete_own on public.launch_reminders for delete to authenticated
  using (user_id = (select auth.uid()));

-- Which scheduled launches the makers were told about.
create table if not exists showcase_private.launch_announcements (
  project_id uuid primary key references public.projects (id) on delete cascade,
  announced_at timestamptz not null
);
revoke all on showcase_private.launch_announcements from public, anon, authenticated;

-- Tells makers and reminded users about launches that went live; answers how many were told.
create or replace function showcase_private.announce_launches() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r record;
  told integer := 0;
begin
  for r in
    select p.id, p.creator_id from public.projects p
     where p.launch_date is not null and showcase_private.is_launched(p.status, p.launched_at)
       and p.launched_at > showcase_private.app_now() - interval '7 days'
       and not exists (select 1 from showcase_private.launch_announcements a where a.project_id = p.id)
  loop
    insert into showcase_private.launch_announcements (project_id, announced_at) values (r.id, showcase_private.app_now())
    on conflict do nothing;
    if found then
      perform showcase_private.notify(r.creator_id, 'project_launched', null, r.id, null, '{}'::jsonb, '/projects/' || r.id);
    end if;
  end loop;
  for r in
    update public.launch_reminders lr set notified_at = showcase_private.app_now()
      from public.projects p
     where p.id = lr.project_id and lr.notified_at is null and showcase_private.is_launched(p.status, p.launched_at)
    returning lr.user_id, lr.project_id
  loop
    perform showcase_private.notify(r.user_id, 'launch_went_live', null, r.project_id, null, '{}'::jsonb, '/projects/' || r.project_id);
    told := told + 1;
  end loop;
  return told;
end $$;
revoke all on function showcase_private.announce_launches() from public, anon, authenticated;
