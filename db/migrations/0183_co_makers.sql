-- Co-makers (issue 18, decision 183).
--
-- public.project_makers: who made a project, readable wherever the project is: one 'owner' row
--   (the project's creator_id, kept by a trigger) and one 'maker' row per accepted co-maker.
--   Nobody inserts rows through the API: an invitation accepted (respond_to_invitation) adds one.
--   The owner removes co-makers, a co-maker may leave; nobody removes the owner.
-- showcase_private.comaker_invitations: pending invitations by e-mail address, never readable
--   through the API. invite_comaker() answers the same whether the address has an account or not:
--   an account is told in-app (notification comaker_invited) and an address without one gets an
--   invitation e-mail through the outbox (0121) with a sign-up link; an invitation is the
--   invitee's once they hold a confirmed account with that address (my_invitations()).
-- showcase_private.may_edit_project(): owner or co-maker, used by the projects policies, the
--   column guard and back-to-review rule (projects_before_write), and the project-images policies.

create table if not exists public.project_makers (
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references public.creators (id) on delete cascade,
  role text not null default 'maker' constraint project_makers_role_known check (role in ('owner', 'maker')),
  created_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
create index if not exists project_makers_user_idx on public.project_makers (user_id, created_at desc);
create unique index if not exists project_makers_one_owner on public.project_makers (project_id) where role = 'owner';

-- Every existing project's owner.
insert into public.project_makers (project_id, user_id, role, created_at)
select p.id, p.creator_id, 'owner', p.created_at from public.projects p
on conflict (project_id, user_id) do update set role = 'owner';

create or replace function showcase_private.projects_keep_owner_maker() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if new.creator_id is not distinct from old.creator_id then
      return null;
    end if;
    delete from public.project_makers m where m.project_id = new.id and (m.role = 'owner' or m.user_id = new.creator_id);
  end if;
  insert into public.project_makers (project_id, user_id, role, created_at)
  values (new.id, new.creator_id, 'owner', new.created_at)
  on conflict (project_id, user_id) do update set role = 'owner';
  return null;
end $$;

drop trigger if exists projects_keep_owner_maker on public.projects;
create trigger projects_keep_owner_maker after insert or update of creator_id on public.projects
  for each row execute function showcase_private.projects_keep_owner_maker();

-- Owner or accepted co-maker of a project (the caller's current account).
create or replace function showcase_private.may_edit_project(project uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and exists (
    select 1 from public.project_makers m where m.project_id = project and m.user_id = auth.uid())
$$;
revoke all on function showcase_private.may_edit_project(uuid) from public;
grant execute on function showcase_private.may_edit_project(uuid) to anon, authenticated, service_role;

create or replace function showcase_private.is_project_owner(project uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and exists (
    select 1 from public.projects p where p.id = project and p.creator_id = auth.uid())
$$;
revoke all on function showcase_private.is_project_owner(uuid) from public;
grant execute on function showcase_private.is_project_owner(uuid) to anon, authenticated, service_role;

alter table public.project_makers enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.project_makers from anon;
revoke insert, update, truncate, references, trigger on public.project_makers from authenticated;
grant select, delete on public.project_makers to authenticated;
grant select on public.project_makers to anon;
grant all on public.project_makers to service_role;

drop policy if exists project_makers_read on public.project_makers;
create policy project_makers_read on public.project_makers for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));

-- The project's makers may aim at its rows, so that what they may not do gets a clear error
-- from the trigger below rather than silence: only the owner removes a co-maker, a co-maker may
-- leave, and nobody removes the owner.
drop policy if exists project_makers_delete on public.project_makers;
create policy project_makers_delete on public.project_makers for delete to authenticated
  using (
    not (select public.is_banned()) and not (select public.is_anonymous())
    and (select showcase_private.may_edit_project(project_id))
  );

drop policy if exists project_makers_delete_admin on public.project_makers;
create policy project_makers_delete_admin on public.project_makers for delete to authenticated
  using ((select public.is_admin()));

create or replace function showcase_private.project_makers_before_delete() returns trigger
language plpgsql set search_path = '' as $$
begin
  if showcase_private.is_privileged() then
    return old;
  end if;
  if old.role = 'owner' then
    raise exception 'The owner cannot be removed from their project' using errcode = '42501';
  end if;
  if old.user_id is distinct from auth.uid() and not showcase_private.is_project_owner(old.project_id) and not public.is_admin() then
    raise exception 'Only the project''s owner can remove its makers' using errcode = '42501';
  end if;
  return old;
end $$;

drop trigger if exists project_makers_a_guard on public.project_makers;
create trigger project_makers_a_guard before delete on public.project_makers
  for each row execute function showcase_private.project_makers_before_delete();

-- Projects: co-makers read and edit like the owner; only the owner deletes --------------------
drop policy if exists projects_read_makers on public.projects;
create policy projects_read_makers on public.projects for select to authenticated
  using ((select showcase_private.may_edit_project(id)));

drop policy if exists projects_update_own on public.projects;
create policy projects_update_own on public.projects for update to authenticated
  using ((creator_id = (select auth.uid()) or (select showcase_private.may_edit_project(id)))
         and not (select public.is_banned()) and not (select public.is_anonymous()))
  with check ((creator_id = (select auth.uid()) or (select showcase_private.may_edit_project(id)))
              and not (select public.is_banned()) and not (select public.is_anonymous()));

-- projects_before_write (0004) with one change: "the owner" is now "a maker" (owner or co-maker).
create or replace function showcase_private.projects_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  staff boolean;
  content_changed boolean;
begin
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.long_description := showcase_private.blank_to_null(new.long_description);
  new.image_url := showcase_private.blank_to_null(new.image_url);
  new.live_url := showcase_private.blank_to_null(new.live_url);
  new.github_url := showcase_private.blank_to_null(new.github_url);
  new.rejection_reason := showcase_private.blank_to_null(new.rejection_reason);

  if tg_op = 'INSERT' then
    -- Status, featured and the counts are checked by the insert policy; the clock is ours.
    if not showcase_private.is_privileged() then
      new.created_at := now();
      new.updated_at := now();
      new.rejection_reason := null;
    end if;
    return new;
  end if;

  content_changed := (new.title, new.description, new.long_description, new.image_url, new.live_url,
                      new.github_url, new.tool, new.category)
                     is distinct from
                     (old.title, old.description, old.long_description, old.image_url, old.live_url,
                      old.github_url, old.tool, old.category);

  if not showcase_private.is_privileged() then
    if new.id is distinct from old.id or new.creator_id is distinct from old.creator_id
       or new.created_at is distinct from old.created_at then
      raise exception 'A project''s id, creator and creation time cannot be changed' using errcode = '42501';
    end if;
    if new.upvotes is distinct from old.upvotes or new.comment_count is distinct from old.comment_count then
      raise exception 'Upvotes and comment counts are kept by the database' using errcode = '42501';
    end if;
    if new.featured is distinct from old.featured and not public.is_admin() then
      raise exception 'Only admins can feature projects' using errcode = '42501';
    end if;
    staff := public.is_admin() or public.is_moderator();
    if (new.status, new.rejection_reason) is distinct from (old.status, old.rejection_reason) and not staff then
      raise exception 'Only admins and moderators can review projects' using errcode = '42501';
    end if;
    if content_changed and not (public.is_admin() or old.creator_id = (select auth.uid())
                                or showcase_private.may_edit_project(old.id)) then
      raise exception 'Only the project''s makers or an admin can edit a project' using errcode = '42501';
    end if;
    -- A maker's edit goes back through review, so an approved project cannot be swapped for
    -- something the team never saw.
    if content_changed and not staff and old.status <> 'pending' then
      new.status := 'pending';
      new.rejection_reason := null;
    end if;
    new.updated_at := now();
  elsif content_changed
        or (new.status, new.featured, new.rejection_reason) is distinct from (old.status, old.featured, old.rejection_reason) then
    new.updated_at := now();
  end if;
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  return new;
end $$;

-- Project images: a co-maker may also replace or delete the image a project they make uses ----
-- (each maker uploads under their own name; the image in use may be another maker's object).
create or replace function showcase_private.may_edit_project_image(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and exists (
    select 1 from public.project_makers m join public.projects p on p.id = m.project_id
     where m.user_id = auth.uid()
       and p.image_url is not null
       and right(p.image_url, char_length(object_name) + 1) = '/' || object_name)
$$;
revoke all on function showcase_private.may_edit_project_image(text) from public;
grant execute on function showcase_private.may_edit_project_image(text) to authenticated, service_role;

drop policy if exists "project-images: co-makers overwrite" on storage.objects;
create policy "project-images: co-makers overwrite" on storage.objects
  for update to authenticated
  using (bucket_id = 'project-images' and (select storage.caller_may_upload()) and showcase_private.may_edit_project_image(name))
  with check (bucket_id = 'project-images' and (select storage.caller_may_upload()) and showcase_private.may_edit_project_image(name));

drop policy if exists "project-images: co-makers delete" on storage.objects;
create policy "project-images: co-makers delete" on storage.objects
  for delete to authenticated
  using (bucket_id = 'project-images' and (select storage.caller_may_upload()) and showcase_private.may_edit_project_image(name));

-- Invitations ----------------------------------------------------------------------------------
create table if not exists showcase_private.comaker_invitations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  email text not null,
  invited_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (project_id, email)
);
create index if not exists comaker_invitations_email_idx on showcase_private.comaker_invitations (email);
revoke all on showcase_private.comaker_invitations from public, anon, authenticated;

create or replace function showcase_private.require_project_owner(project uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or public.is_banned() or public.is_anonymous()
     or not exists (select 1 from public.projects p where p.id = project and p.creator_id = auth.uid()) then
    raise exception 'Only the project''s owner can manage its makers' using errcode = '42501';
  end if;
end $$;
revoke all on function showcase_private.require_project_owner(uuid) from public, anon, authenticated;

-- The owner invites an address. Same answer (nothing) whether it has an account; at most 10 wait.
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
  elsif coalesce(current_setting('showcase.mute_notifications', true), '') <> 'on' then
    perform showcase_private.enqueue_email(address, null, 'comaker_invited', 'notification',
      jsonb_build_object('type', 'comaker_invited', 'link', '/signup', 'actor_count', 1,
        'data', jsonb_build_object('actor_name', showcase_private.author_name(auth.uid()), 'project_title', p.title)));
  end if;
end $$;
revoke all on function public.invite_comaker(uuid, text) from public, anon;
grant execute on function public.invite_comaker(uuid, text) to authenticated, service_role;

-- The owner's view of what is pending (addresses they typed themselves; never whether they have accounts).
create or replace function public.project_invitations(project uuid)
returns table (id uuid, email text, created_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform showcase_private.require_project_owner(project);
  return query select i.id, i.email, i.created_at from showcase_private.comaker_invitations i
                where i.project_id = project order by i.created_at, i.id;
end $$;
revoke all on function public.project_invitations(uuid) from public, anon;
grant execute on function public.project_invitations(uuid) to authenticated, service_role;

create or replace function public.cancel_invitation(invitation uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  project uuid;
begin
  select i.project_id into project from showcase_private.comaker_invitations i where i.id = invitation;
  perform showcase_private.require_project_owner(project);
  delete from showcase_private.comaker_invitations i where i.id = invitation;
  delete from public.notifications n where n.subject_id = invitation and n.type = 'comaker_invited';
end $$;
revoke all on function public.cancel_invitation(uuid) from public, anon;
grant execute on function public.cancel_invitation(uuid) to authenticated, service_role;

-- The caller's confirmed address, or null (anonymous, unconfirmed, banned).
create or replace function showcase_private.caller_confirmed_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u
   where u.id = auth.uid() and u.email_confirmed_at is not null and not public.is_anonymous()
     and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())
$$;
revoke all on function showcase_private.caller_confirmed_email() from public, anon, authenticated;

create or replace function public.my_invitations()
returns table (id uuid, project_id uuid, project_title text, inviter_name text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select i.id, i.project_id, p.title, showcase_private.author_name(i.invited_by), i.created_at
    from showcase_private.comaker_invitations i join public.projects p on p.id = i.project_id
   where i.email = showcase_private.caller_confirmed_email()
   order by i.created_at desc, i.id
$$;
revoke all on function public.my_invitations() from public, anon;
grant execute on function public.my_invitations() to authenticated, service_role;

-- The invitee accepts (becomes a maker) or declines; either way the invitation is used up.
create or replace function public.respond_to_invitation(invitation uuid, accept boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  inv record;
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
  end if;
end $$;
revoke all on function public.respond_to_invitation(uuid, boolean) from public, anon;
grant execute on function public.respond_to_invitation(uuid, boolean) to authenticated, service_role;
