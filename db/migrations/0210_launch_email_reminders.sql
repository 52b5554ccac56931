-- /upcoming › "Notify me" for signed-out visitors (issue 16): an e-mail address, with double opt-in.
--
--   request_launch_email(project_id, email)  stores the address for an upcoming project and queues
--       one e-mail with a confirmation link (outbox, 0121). It answers the same whether the address
--       was new, pending or confirmed already, so it cannot tell anyone who asked about what. Counted
--       per client IP and account by the server's write limits like the newsletter (RATE_LIMIT_NEWSLETTER);
--       a pending address gets a new link at most every 10 minutes, and the outbox caps mail per address.
--   confirm_launch_email(token)  the link's page calls it: confirms that address for that project.
--   email_launch_reminders()  the launch-winners job: one e-mail per confirmed address at launch.
--
-- Only a hash of the token is kept (the link itself lives in the queued message); nobody but the
-- server reads the table. Unconfirmed addresses get nothing more, and an unsubscribe of the
-- launch_went_live stream suppresses the address for every later launch (0121).

create table if not exists showcase_private.launch_email_reminders (
  id bigint generated always as identity primary key,
  project_id uuid not null references public.projects (id) on delete cascade,
  email text not null,
  token_hash bytea not null unique,
  requested_at timestamptz not null,
  confirmed_at timestamptz,
  notified_at timestamptz,
  unique (project_id, email)
);
create index if not exists launch_email_reminders_pending_idx
  on showcase_private.launch_email_reminders (project_id) where confirmed_at is not null and notified_at is null;
revoke all on showcase_private.launch_email_reminders from public, anon, authenticated;

create or replace function public.request_launch_email(project_id uuid, email text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := lower(btrim(coalesce(request_launch_email.email, '')));
  project record;
  existing record;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  at timestamptz := showcase_private.app_now();
begin
  if char_length(address) > 320 or address !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  select u.id, u.title, u.launch_date into project
    from public.upcoming_projects u where u.id = request_launch_email.project_id;
  if project.id is null then
    raise exception 'This project is not available' using errcode = '42501';
  end if;
  select r.confirmed_at, r.requested_at into existing
    from showcase_private.launch_email_reminders r
   where r.project_id = project.id and r.email = address;
  if existing.confirmed_at is not null or existing.requested_at > at - interval '10 minutes' then
    return true;
  end if;
  insert into showcase_private.launch_email_reminders (project_id, email, token_hash, requested_at)
  values (project.id, address, sha256(convert_to(token, 'UTF8')), at)
  on conflict (project_id, email) do update set token_hash = excluded.token_hash, requested_at = excluded.requested_at;
  perform showcase_private.enqueue_email(address, null, 'launch_went_live', 'launch_reminder_confirm',
    jsonb_build_object('project_title', project.title, 'launch_date', project.launch_date,
                       'link', '/upcoming/confirm?token=' || token));
  return true;
end $$;
revoke all on function public.request_launch_email(uuid, text) from public;
grant execute on function public.request_launch_email(uuid, text) to anon, authenticated, service_role;

-- A link works for 7 days and may be opened again (a mail client that prefetches it, a second click).
create or replace function public.confirm_launch_email(token text)
returns table (project_id uuid, title text, launch_date date, launched boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  reminder record;
begin
  update showcase_private.launch_email_reminders r
     set confirmed_at = coalesce(r.confirmed_at, showcase_private.app_now())
   where r.token_hash = sha256(convert_to(coalesce(confirm_launch_email.token, ''), 'UTF8'))
     and r.requested_at > showcase_private.app_now() - interval '7 days'
  returning r.project_id into reminder;
  if reminder.project_id is null then
    raise exception 'This confirmation link is invalid or has expired.' using errcode = '22023';
  end if;
  return query
    select p.id, p.title, p.launch_date, showcase_private.is_launched(p.status, p.launched_at)
      from public.projects p where p.id = reminder.project_id;
end $$;
revoke all on function public.confirm_launch_email(text) from public;
grant execute on function public.confirm_launch_email(text) to anon, authenticated, service_role;

-- At launch: one e-mail per confirmed address, once (the dedupe key holds even if a run repeats).
create or replace function showcase_private.email_launch_reminders() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r record;
  sent integer := 0;
begin
  if coalesce(current_setting('showcase.mute_notifications', true), '') = 'on' then
    return 0;
  end if;
  for r in
    update showcase_private.launch_email_reminders lr set notified_at = showcase_private.app_now()
      from public.projects p
     where p.id = lr.project_id and lr.confirmed_at is not null and lr.notified_at is null
       and showcase_private.is_launched(p.status, p.launched_at)
    returning lr.id, lr.email, p.id as project_id, p.title
  loop
    perform showcase_private.enqueue_email(r.email, null, 'launch_went_live', 'launch_reminder',
      jsonb_build_object('project_title', r.title, 'link', '/projects/' || r.project_id),
      'launch-email:' || r.id);
    sent := sent + 1;
  end loop;
  return sent;
end $$;
revoke all on function showcase_private.email_launch_reminders() from public, anon, authenticated;
