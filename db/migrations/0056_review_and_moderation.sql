-- Admin panel › Projects (review queue) and › Moderation (reports), as definer-rights functions:
-- each checks the caller's current auth.users row, validates its input and changes one thing.
-- Moderators approve and reject and handle reports; featuring, deleting and bans are admin-only.

create or replace function public.review_project(project_id uuid, action text, reason text default null)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.projects%rowtype;
  clean_reason text := nullif(btrim(coalesce(reason, '')), '');
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to review projects' using errcode = '42501';
  end if;
  if action is null or action not in ('approve', 'reject', 'feature', 'unfeature', 'delete') then
    raise exception 'Unknown action: expected approve, reject, feature, unfeature or delete' using errcode = '22023';
  end if;
  if action in ('feature', 'unfeature', 'delete') and not public.is_admin() then
    raise exception 'Only admins can feature, unfeature or delete projects' using errcode = '42501';
  end if;
  select * into p from public.projects where id = review_project.project_id for update;
  if not found then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;

  if action = 'approve' then
    update public.projects set status = 'approved', rejection_reason = null where id = p.id returning * into p;
  elsif action = 'reject' then
    if clean_reason is null then
      raise exception 'Please give a reason for the rejection; the maker sees it in My Projects' using errcode = '22023';
    end if;
    if char_length(clean_reason) > 500 then
      raise exception 'The reason is too long (at most 500 characters)' using errcode = '22023';
    end if;
    -- A rejected project is not public, so it cannot stay featured.
    update public.projects set status = 'rejected', rejection_reason = clean_reason, featured = false
     where id = p.id returning * into p;
  elsif action = 'feature' then
    if p.status <> 'approved' then
      raise exception 'Only approved projects can be featured' using errcode = '22023';
    end if;
    update public.projects set featured = true where id = p.id returning * into p;
  elsif action = 'unfeature' then
    update public.projects set featured = false where id = p.id returning * into p;
  else
    delete from public.projects where id = p.id;
  end if;

  return json_build_object(
    'id', p.id, 'title', p.title, 'creator_id', p.creator_id, 'status', p.status,
    'featured', p.featured, 'rejection_reason', p.rejection_reason, 'deleted', action = 'delete');
end $$;

-- Resolving may also hide what was reported: a comment is removed, a project is taken out of
-- the showcase (rejected, with the report's reason shown to its maker), a user is banned
-- (admins only, as with the Ban action).
create or replace function public.moderate_report(report_id uuid, decision text, hide_target boolean default false)
returns public.reports
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports%rowtype;
begin
  if not (public.is_admin() or public.is_moderator()) then
    raise exception 'You don''t have admin permissions to moderate reports' using errcode = '42501';
  end if;
  if decision is null or decision not in ('resolved', 'dismissed') then
    raise exception 'Unknown decision: expected resolved or dismissed' using errcode = '22023';
  end if;
  if coalesce(hide_target, false) and decision <> 'resolved' then
    raise exception 'Only a resolved report can hide the reported item' using errcode = '22023';
  end if;
  select * into r from public.reports where id = moderate_report.report_id for update;
  if not found then
    raise exception 'Report not found' using errcode = 'P0002';
  end if;
  if r.status <> 'pending' then
    raise exception 'This report has already been %', r.status using errcode = '22023';
  end if;

  if coalesce(hide_target, false) then
    if r.type = 'comment' then
      delete from public.project_comments where id = r.target_id;
    elsif r.type = 'project' then
      update public.projects
         set status = 'rejected', featured = false, rejection_reason = left('Removed after a report: ' || r.reason, 500)
       where id = r.target_id;
    else
      if not public.is_admin() then
        raise exception 'You don''t have admin permissions to ban/unban users' using errcode = '42501';
      end if;
      update auth.users set banned_until = now() + interval '100 years', updated_at = now()
       where id = r.target_id and id <> auth.uid();
      delete from auth.sessions s where s.user_id = r.target_id and r.target_id <> auth.uid();
    end if;
  end if;

  update public.reports
     set status = decision, resolved_at = now(), resolved_by = auth.uid(), target_hidden = coalesce(hide_target, false)
   where id = r.id
   returning * into r;
  return r;
end $$;

revoke all on function public.review_project(uuid, text, text), public.moderate_report(uuid, text, boolean) from public, anon;
grant execute on function public.review_project(uuid, text, text), public.moderate_report(uuid, text, boolean)
  to authenticated, service_role;

-- Settings › Security › content moderation off: new submissions are published at once.
-- An AFTER trigger (not BEFORE) because the insert policy only lets makers insert 'pending'
-- rows; the definer-rights update then publishes the row the maker was allowed to insert.
create or replace function showcase_private.publish_when_moderation_off() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'pending'
     and not coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
    update public.projects set status = 'approved' where id = new.id;
  end if;
  return null;
end $$;

drop trigger if exists publish_when_moderation_off on public.projects;
create trigger publish_when_moderation_off after insert on public.projects
  for each row execute function showcase_private.publish_when_moderation_off();
