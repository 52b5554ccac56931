-- The dashboard's recent activity: real events written by triggers as they happen
-- (submissions, approvals, rejections, comments, sign-ups, reports). Staff read, nobody writes.

create table if not exists public.activity_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in
    ('project_submitted', 'project_approved', 'project_rejected', 'comment_posted', 'user_signed_up', 'report_filed')),
  summary text not null,
  actor_id uuid,
  subject_id uuid,
  created_at timestamptz not null default now()
);

create index if not exists activity_events_created_at_idx on public.activity_events (created_at desc, id desc);

alter table public.activity_events enable row level security;

drop policy if exists activity_events_staff_read on public.activity_events;
create policy activity_events_staff_read on public.activity_events
  for select to authenticated
  using ((select public.is_admin()) or (select public.is_moderator()));

revoke insert, update, delete, truncate on public.activity_events from anon, authenticated;
revoke all on public.activity_events from anon;

create or replace function showcase_private.log_activity(kind text, summary text, actor_id uuid, subject_id uuid)
returns void language sql security definer set search_path = '' as $$
  insert into public.activity_events (kind, summary, actor_id, subject_id)
  values (kind, left(summary, 300), actor_id, subject_id)
$$;

create or replace function showcase_private.activity_on_project() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform showcase_private.log_activity('project_submitted', 'New project submitted: ' || new.title, new.creator_id, new.id);
    if new.status = 'approved' then
      perform showcase_private.log_activity('project_approved', 'Project published: ' || new.title, auth.uid(), new.id);
    end if;
  elsif new.status is distinct from old.status then
    if new.status = 'approved' then
      perform showcase_private.log_activity('project_approved', 'Project approved: ' || new.title, auth.uid(), new.id);
    elsif new.status = 'rejected' then
      perform showcase_private.log_activity('project_rejected', 'Project rejected: ' || new.title, auth.uid(), new.id);
    end if;
  end if;
  return null;
end $$;

drop trigger if exists activity_on_project on public.projects;
create trigger activity_on_project after insert or update of status on public.projects
  for each row execute function showcase_private.activity_on_project();

create or replace function showcase_private.activity_on_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.log_activity('comment_posted',
    'New comment by ' || new.user_name || ' on ' || coalesce((select p.title from public.projects p where p.id = new.project_id), 'a project'),
    new.user_id, new.id);
  return null;
end $$;

drop trigger if exists activity_on_comment on public.project_comments;
create trigger activity_on_comment after insert on public.project_comments
  for each row execute function showcase_private.activity_on_comment();

create or replace function showcase_private.activity_on_signup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.log_activity('user_signed_up', 'New user registered: ' || coalesce(new.email, 'No email'), new.id, new.id);
  return null;
end $$;

drop trigger if exists activity_on_signup on auth.users;
create trigger activity_on_signup after insert on auth.users
  for each row execute function showcase_private.activity_on_signup();

create or replace function showcase_private.activity_on_report() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.log_activity('report_filed',
    'New ' || new.type || ' report: ' || new.reported_item, new.reporter_id, new.id);
  return null;
end $$;

drop trigger if exists activity_on_report on public.reports;
create trigger activity_on_report after insert on public.reports
  for each row execute function showcase_private.activity_on_report();
