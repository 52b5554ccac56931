-- Co-makers are makers (issue 30 item 2, findings M3 and M8, decision 220).
--
-- A co-maker already edits a project's content, tools, tags, gallery and video like its owner
-- (0183, 0200). What this adds:
-- * the launch day is the owner's alone (it is a promise to the site's schedule, like deleting
--   or inviting): projects_launch_day_owner refuses a co-maker's change on every path;
-- * media: every object a project shows (cover, gallery images, the video's poster) may be
--   replaced or removed by any of its makers, whoever uploaded it (each maker uploads under their
--   own name, so a co-maker removing the owner's gallery image must reach the owner's object);
-- * the owner is told when an invitation is accepted (notification comaker_accepted);
-- * an invitation to an account is e-mailed by default (comaker_invited's e-mail default 'instant';
--   the invitee's own preference still decides). Addresses without an account keep 0226's rules.

-- Launch day: the owner (or staff / the server's own connection) only ---------------------------
create or replace function showcase_private.projects_launch_day_owner() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.launch_date is distinct from old.launch_date
     and not showcase_private.is_privileged() and not public.is_admin()
     and old.creator_id is distinct from (select auth.uid()) then
    raise exception 'Only the project''s owner can change its launch day' using errcode = '42501', detail = 'launch_date';
  end if;
  return new;
end $$;
revoke all on function showcase_private.projects_launch_day_owner() from public, anon, authenticated;

-- Named so it runs before projects_launch_schedule (triggers fire in name order): the owner rule
-- answers first, before any scheduling rule about the day itself.
drop trigger if exists projects_launch_day_owner on public.projects;
create trigger projects_launch_day_owner before update of launch_date on public.projects
  for each row execute function showcase_private.projects_launch_day_owner();

-- Media: an object any project the caller makes shows ------------------------------------------
create or replace function showcase_private.may_edit_project_image(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and exists (
    select 1
      from public.project_makers m
      join public.projects p on p.id = m.project_id
     where m.user_id = auth.uid()
       and (right(coalesce(p.image_url, ''), char_length(object_name) + 1) = '/' || object_name
         or right(coalesce(p.video_poster_url, ''), char_length(object_name) + 1) = '/' || object_name
         or exists (select 1 from public.project_images i
                     where i.project_id = p.id
                       and right(i.url, char_length(object_name) + 1) = '/' || object_name)))
$$;
revoke all on function showcase_private.may_edit_project_image(text) from public;
grant execute on function showcase_private.may_edit_project_image(text) to authenticated, service_role;

-- The owner hears that an invitation was accepted -----------------------------------------------
insert into showcase_private.notification_types (type, audience, in_app_default, email_default) values
  ('comaker_accepted', 'member', true, 'off')
on conflict (type) do update
  set audience = excluded.audience, in_app_default = excluded.in_app_default, email_default = excluded.email_default;

update showcase_private.notification_types set email_default = 'instant' where type = 'comaker_invited';

create or replace function public.respond_to_invitation(invitation uuid, accept boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  inv record;
  owner_id uuid;
  title text;
begin
  select i.id, i.project_id into inv from showcase_private.comaker_invitations i
   where i.id = invitation and i.email = showcase_private.caller_confirmed_email();
  if not found then
    raise exception 'This invitation is not yours or no longer open' using errcode = '42501';
  end if;
  delete from showcase_private.comaker_invitations i where i.id = inv.id;
  delete from public.notifications n where n.subject_id = inv.id and n.type = 'comaker_invited';
  if accept then
    insert into public.creators (id, name) values (auth.uid(), showcase_private.author_name(auth.uid()))
    on conflict (id) do nothing;
    insert into public.project_makers (project_id, user_id, role) values (inv.project_id, auth.uid(), 'maker')
    on conflict (project_id, user_id) do nothing;
    if found then
      select p.creator_id, p.title into owner_id, title from public.projects p where p.id = inv.project_id;
      perform showcase_private.notify(owner_id, 'comaker_accepted', auth.uid(), inv.project_id, inv.id,
        jsonb_build_object('actor_name', showcase_private.author_name(auth.uid()), 'project_title', title),
        '/projects/' || inv.project_id::text);
    end if;
  end if;
end $$;
revoke all on function public.respond_to_invitation(uuid, boolean) from public, anon;
grant execute on function public.respond_to_invitation(uuid, boolean) to authenticated, service_role;

-- Ownership: the owner alone hands the project to one of its co-makers, and stays on as a maker --
create or replace function public.transfer_project(project uuid, new_owner uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  previous uuid := auth.uid();
begin
  perform showcase_private.require_project_owner(project);
  if not exists (select 1 from public.project_makers m
                  where m.project_id = project and m.user_id = new_owner and m.role = 'maker') then
    raise exception 'A project can only be handed to one of its co-makers' using errcode = '23514';
  end if;
  perform 1 from public.projects p where p.id = project for update;
  -- projects_keep_owner_maker moves the owner row; the previous owner stays a maker.
  update public.projects set creator_id = new_owner where id = project;
  insert into public.project_makers (project_id, user_id, role) values (project, previous, 'maker')
  on conflict (project_id, user_id) do nothing;
end $$;
revoke all on function public.transfer_project(uuid, uuid) from public, anon;
grant execute on function public.transfer_project(uuid, uuid) to authenticated, service_role;
