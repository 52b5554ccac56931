-- Fixes from the security audit (decision 101), redefining the functions they touch with the same
-- signatures and grants:
--   L1  "not found" is PostgREST's custom status PT404 (answered 404), not P0002 (answered 500),
--       in record_project_view, set_user_role, set_user_ban, review_project, moderate_report and
--       the reports trigger (toggle_vote is issue 14's);
--   L8  a moderator cannot approve or reject their own project;
--   I3  subscribe_newsletter refuses what is not an address (a JSON array sent for its text
--       argument used to be stored as '["x@b.co"]');
--   L6  a banned account cannot subscribe to the newsletter.

create or replace function public.record_project_view(project_id uuid, browser_id text)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  visible boolean;
  inserted integer;
begin
  if browser_id is null or browser_id !~ '^[A-Za-z0-9_-]{16,64}$' then
    raise exception 'Invalid browser id' using errcode = '22023',
      hint = 'Send a random identifier of 16 to 64 letters, digits, - or _ kept by the browser.';
  end if;
  select p.status = 'approved' into visible from public.projects p where p.id = record_project_view.project_id;
  if visible is null then
    raise exception 'Project not found' using errcode = 'PT404';
  end if;
  -- Owners previewing a project under review do not count as visitors.
  if not visible then
    return false;
  end if;
  insert into public.project_views (project_id, browser_id)
  values (record_project_view.project_id, record_project_view.browser_id)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  return inserted > 0;
end $$;

create or replace function public.subscribe_newsletter(email text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := lower(btrim(coalesce(subscribe_newsletter.email, '')));
begin
  -- A banned account may not use the site to write, this included.
  if public.is_banned() then
    raise exception 'This account cannot subscribe' using errcode = '42501';
  end if;
  -- The characters of an address's local part and a host name, and nothing else: a JSON array or
  -- object sent for the text argument ('["x@b.co"]') is refused, not stored as its text.
  if char_length(address) > 320
     or address !~ '^[a-z0-9.!#$%&''*+/=?^_`|~-]+@[a-z0-9](-*[a-z0-9])*(\.[a-z0-9](-*[a-z0-9])*)+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  insert into public.newsletter_subscriptions (email) values (address)
  on conflict ((lower(email))) do nothing;
  return true;
end $$;

create or replace function public.set_user_role(user_id uuid, new_role text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to update user roles' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('user', 'moderator', 'admin') then
    raise exception 'Unknown role: expected user, moderator or admin' using errcode = '22023';
  end if;
  if user_id = auth.uid() then
    -- Otherwise the last admin could lock everyone out of the panel by accident.
    raise exception 'You cannot change your own role' using errcode = '22023';
  end if;
  update auth.users u
     set raw_app_meta_data = case when new_role = 'user' then u.raw_app_meta_data - 'role'
                                  else u.raw_app_meta_data || jsonb_build_object('role', new_role) end,
         updated_at = now()
   where u.id = set_user_role.user_id and u.deleted_at is null;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  return new_role;
end $$;

create or replace function public.set_user_ban(user_id uuid, banned boolean)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to ban/unban users' using errcode = '42501';
  end if;
  if banned is null then
    raise exception 'banned must be true or false' using errcode = '22023';
  end if;
  if user_id = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = '22023';
  end if;
  -- A far-future banned_until, as GoTrue's "ban_duration: none"-less permanent ban; JSON clients
  -- parse it, which 'infinity' would not survive.
  update auth.users u
     set banned_until = case when banned then now() + interval '100 years' else null end,
         updated_at = now()
   where u.id = set_user_ban.user_id and u.deleted_at is null;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if banned then
    -- Signing out everywhere: refresh tokens stop working at once; RLS refuses writes meanwhile.
    delete from auth.sessions s where s.user_id = set_user_ban.user_id;
  end if;
  return banned;
end $$;

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
    raise exception 'Project not found' using errcode = 'PT404';
  end if;
  -- A moderator's own submission is reviewed by someone else (admins run the site and may).
  if action in ('approve', 'reject') and p.creator_id = auth.uid() and not public.is_admin() then
    raise exception 'You cannot review your own project' using errcode = '42501';
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
    raise exception 'Report not found' using errcode = 'PT404';
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
    if label is null then raise exception 'Project not found' using errcode = 'PT404'; end if;
  elsif new.type = 'comment' then
    select left(c.content, 80) || case when char_length(c.content) > 80 then '…' else '' end
      into label from public.project_comments c where c.id = new.target_id;
    if label is null then raise exception 'Comment not found' using errcode = 'PT404'; end if;
    label := 'Comment: ' || label;
  elsif new.type = 'user' then
    select coalesce(cr.name, nullif(u.raw_user_meta_data ->> 'name', ''), split_part(u.email, '@', 1), 'Unknown')
      into label
      from auth.users u left join public.creators cr on cr.id = u.id
     where u.id = new.target_id and u.deleted_at is null;
    if label is null then raise exception 'User not found' using errcode = 'PT404'; end if;
    label := 'User: ' || label;
  end if;
  new.reported_item := label;

  select coalesce(u.email, 'Unknown') into label from auth.users u where u.id = new.reporter_id;
  new.reporter := coalesce(label, 'Unknown');
  return new;
end $$;
