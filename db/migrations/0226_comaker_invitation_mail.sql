-- Co-maker invitations are no mail relay (finding M7, decision 105).
--
-- invite_comaker() mailed any address at once, for a pending project too, with the inviter's
-- name and the project's title in the subject, and a cancelled invitation could be sent again
-- and again. Now:
-- * an address with an account gets the in-app notice (and e-mail by its own preferences,
--   through notify()), as before;
-- * an address without an account is mailed only once the project is approved (held until then:
--   projects_mail_held_invitations sends them on approval), at most once a day per address
--   whatever the project or inviter (comaker_invitation_mails), with the site's own words only
--   (template 'comaker_invitation', server/notifications/emails.ts);
-- * the count of invitations per inviter and per client IP is REST's write limit, a bucket of
--   its own (RATE_LIMIT_INVITATIONS, server/rest/write-limits.ts).
alter table showcase_private.comaker_invitations add column if not exists mailed_at timestamptz;

create table if not exists showcase_private.comaker_invitation_mails (
  email text not null,
  mailed_at timestamptz not null
);
create index if not exists comaker_invitation_mails_email_idx on showcase_private.comaker_invitation_mails (email, mailed_at desc);
revoke all on showcase_private.comaker_invitation_mails from public, anon, authenticated;

-- Mails one invitation to its address when it may go now: no account, project approved, not
-- mailed yet, and nothing mailed to the address by any invitation in the last day.
create or replace function showcase_private.mail_comaker_invitation(invitation uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  inv record;
  now_at timestamptz := showcase_private.app_now();
begin
  select i.id, i.email, i.mailed_at, p.status into inv
    from showcase_private.comaker_invitations i join public.projects p on p.id = i.project_id
   where i.id = invitation for update of i;
  if not found or inv.mailed_at is not null or inv.status <> 'approved' then
    return;
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = inv.email and u.deleted_at is null) then
    return;
  end if;
  if coalesce(current_setting('showcase.mute_notifications', true), '') = 'on' then
    return;
  end if;
  if exists (select 1 from showcase_private.comaker_invitation_mails m
              where m.email = inv.email and m.mailed_at > now_at - interval '1 day') then
    return;
  end if;
  perform showcase_private.enqueue_email(inv.email, null, 'comaker_invited', 'comaker_invitation',
    jsonb_build_object('link', '/signup'));
  update showcase_private.comaker_invitations set mailed_at = now_at where id = inv.id;
  delete from showcase_private.comaker_invitation_mails m where m.email = inv.email;
  insert into showcase_private.comaker_invitation_mails (email, mailed_at) values (inv.email, now_at);
end $$;
revoke all on function showcase_private.mail_comaker_invitation(uuid) from public, anon, authenticated;

create or replace function public.invite_comaker(project uuid, email text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  address text := lower(btrim(coalesce(email, '')));
  p record;
  invitee uuid;
  added uuid;
begin
  perform showcase_private.require_project_owner(project);
  if address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(address) > 254 then
    raise exception 'Please enter a valid e-mail address' using errcode = '22023';
  end if;
  select pr.id, pr.title, pr.creator_id into p from public.projects pr where pr.id = project;
  if address = (select lower(u.email) from auth.users u where u.id = p.creator_id) then
    raise exception 'You are already a maker of this project' using errcode = '23514';
  end if;
  -- One writer at a time per project, so the limit holds under concurrent invitations.
  perform 1 from public.projects pr where pr.id = project for update;
  if exists (select 1 from showcase_private.comaker_invitations i where i.project_id = project and i.email = address) then
    return;
  end if;
  select u.id into invitee from auth.users u where lower(u.email) = address and u.deleted_at is null limit 1;
  if invitee is not null and exists (select 1 from public.project_makers m where m.project_id = project and m.user_id = invitee) then
    return;
  end if;
  if (select count(*) from showcase_private.comaker_invitations i where i.project_id = project) >= 10 then
    raise exception 'A project can have at most 10 pending invitations' using errcode = '23514';
  end if;
  insert into showcase_private.comaker_invitations (project_id, email, invited_by)
  values (project, address, auth.uid()) returning id into added;
  if invitee is not null then
    perform showcase_private.notify(invitee, 'comaker_invited', auth.uid(), project, added,
      jsonb_build_object('actor_name', showcase_private.author_name(auth.uid()), 'project_title', p.title), '/invitations');
  else
    perform showcase_private.mail_comaker_invitation(added);
  end if;
end $$;
revoke all on function public.invite_comaker(uuid, text) from public, anon;
grant execute on function public.invite_comaker(uuid, text) to authenticated, service_role;

-- A project's approval sends the invitations held while it waited.
create or replace function showcase_private.projects_mail_held_invitations() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  inv uuid;
begin
  for inv in select i.id from showcase_private.comaker_invitations i where i.project_id = new.id and i.mailed_at is null order by i.created_at loop
    perform showcase_private.mail_comaker_invitation(inv);
  end loop;
  return null;
end $$;
revoke all on function showcase_private.projects_mail_held_invitations() from public, anon, authenticated;

drop trigger if exists projects_mail_held_invitations on public.projects;
create trigger projects_mail_held_invitations after update of status on public.projects
  for each row when (new.status = 'approved' and old.status is distinct from 'approved')
  execute function showcase_private.projects_mail_held_invitations();
