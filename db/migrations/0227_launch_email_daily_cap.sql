-- Launch "Notify me" for signed-out visitors mails an address it cannot know is willing: at most
-- three confirmation mails a day per address across all projects (finding L15, decision 105), on
-- top of the per-(project, address) ten minutes and the outbox's per-address cap. The mail's words
-- carry no maker text (server/notifications/emails.ts); the confirmation page names the project.
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
  -- At most three confirmation mails a day to one address, across projects (L15, decision 105);
  -- past them the answer is the same and nothing is sent.
  if (select count(*) from platform.email_outbox o
       where lower(o.to_address) = address and o.template = 'launch_reminder_confirm'
         and o.created_at > at - interval '1 day') >= 3 then
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

revoke all on function public.request_launch_email(uuid, text) from public;
grant execute on function public.request_launch_email(uuid, text) to anon, authenticated, service_role;
