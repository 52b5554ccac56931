-- The staff audit log (issue 36 item 5, decision 263): every staff action, who did it, to which
-- row, when and from where. The database writes it, in row triggers on the tables staff may change
-- (and on auth.users for roles and bans), so a REST PATCH, an RPC, a server function and a definer
-- function that changes the row all leave the same trace and no path can skip it. Actions the
-- database cannot see as a staff caller's (the operator's `npm run admin -- reset-mfa`, the
-- service key's factor deletion, an admin's invitation) are recorded by the server through
-- platform.record_staff_action, which no API role may call.
--
-- From where: the client IP and request id the server put in `request.headers` (x-real-ip is the
-- client IP under TRUST_PROXY rules, x-request-id the request's id; server/rest/routes.ts and the
-- caller executor, server/security/caller.ts). The server overwrites both, so nothing a client
-- sends in a body or a header of its own is recorded as where it came from.
--
-- Retention: two years, then the job `purge-staff-audit-log` deletes the rows (server/jobs/).

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default showcase_private.app_now(),
  -- null: the operator (the command line or the service key), whom no account stands for.
  actor_id uuid,
  actor_role text not null check (actor_role in ('admin', 'moderator', 'operator')),
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  subject_table text not null,
  subject_id text,
  -- What the row was called when it was acted on (a title, a handle, an address): admins read it
  -- after the row is gone. The public moderation log never shows it (0309).
  subject_label text,
  reason text,
  details jsonb not null default '{}'::jsonb,
  client_ip text,
  request_id text
);
create index staff_audit_log_at on public.staff_audit_log (at desc, id desc);
create index staff_audit_log_actor on public.staff_audit_log (actor_id, at desc);
create index staff_audit_log_action on public.staff_audit_log (action, at desc);

alter table public.staff_audit_log enable row level security;
revoke all on public.staff_audit_log from public, anon, authenticated, service_role;
grant select on public.staff_audit_log to authenticated;
create policy staff_audit_log_admin_read on public.staff_audit_log for select to authenticated
  using ((select public.is_admin()));

-- Rows are never changed, and go only by the retention purge, which says so for its transaction.
create or replace function showcase_private.staff_audit_log_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' and current_setting('showcase.audit_purge', true) = 'on' then
    return old;
  end if;
  raise exception 'The staff audit log cannot be changed' using errcode = '42501';
end $$;
create trigger staff_audit_log_guard before update or delete on public.staff_audit_log
  for each row execute function showcase_private.staff_audit_log_guard();
create trigger staff_audit_log_no_truncate before truncate on public.staff_audit_log
  for each statement execute function showcase_private.staff_audit_log_guard();

-- The request's settings as JSON, or null outside a request (a job, the command line).
create or replace function showcase_private.request_header(name text) returns text
language sql stable set search_path = '' as $$
  select nullif(left(nullif(current_setting('request.headers', true), '')::jsonb ->> name, 200), '')
$$;

-- The one insert, for the triggers below and platform.record_staff_action.
create or replace function showcase_private.write_staff_audit(
  actor uuid, actor_role text, action text, subject_table text, subject_id text,
  subject_label text, reason text, details jsonb, client_ip text, request_id text
) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.staff_audit_log
    (actor_id, actor_role, action, subject_table, subject_id, subject_label, reason, details, client_ip, request_id)
  values (actor, actor_role, action, subject_table, subject_id, left(subject_label, 200), left(reason, 500),
          coalesce(details, '{}'::jsonb), client_ip, request_id)
$$;
revoke all on function showcase_private.write_staff_audit(uuid, text, text, text, text, text, text, jsonb, text, text) from public, anon, authenticated, service_role;

-- The staff role the caller acts in, or null when the caller is not staff (a member, a visitor,
-- the server on nobody's behalf).
create or replace function showcase_private.acting_staff_role() returns text
language sql stable security definer set search_path = '' as $$
  select case when auth.uid() is null then null
              when public.is_admin() then 'admin'
              when public.is_moderator() then 'moderator' end
$$;

-- What changed between two rows, column by column (long texts cut), leaving out the columns
-- that only follow a change (timestamps, search documents).
create or replace function showcase_private.audit_changes(old_row jsonb, new_row jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_object_agg(n.key, jsonb_build_object(
           'from', case when jsonb_typeof(old_row -> n.key) = 'string' then to_jsonb(left(old_row ->> n.key, 200)) else old_row -> n.key end,
           'to', case when jsonb_typeof(n.value) = 'string' then to_jsonb(left(n.value #>> '{}', 200)) else n.value end)), '{}'::jsonb)
    from jsonb_each(new_row) n
   where n.value is distinct from old_row -> n.key
     and n.key not in ('updated_at', 'updated_by', 'edited_at', 'search', 'score', 'upvotes', 'read_time')
$$;

-- The reason a pending report gives, when a moderator acts on what it reports (moderate_report
-- removes the item before it marks the report resolved).
create or replace function showcase_private.pending_report_reason(kind text, target uuid) returns text
language sql stable security definer set search_path = '' as $$
  select r.reason from public.reports r
   where r.type = kind and r.target_id = target and r.status = 'pending'
   order by r.created_at limit 1
$$;

/**
 * After a row changes: a staff caller's change to a row that is not their own is recorded. A
 * change made by another trigger (a count kept up to date) or by a foreign key's cascade (a
 * deleted project's comments and makers) is the consequence of one already recorded, so neither
 * is: only the statement's own rows (trigger depth 1) whose parent row is still there. TG_ARGV[0]
 * names the owner column, if the table has one.
 */
create or replace function showcase_private.audit_staff_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  staff text;
  o jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  n jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  r jsonb := coalesce(n, o);
  owner_column text := tg_argv[0];
  verb text := case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'edit' else 'delete' end;
  entity text;
  label text;
  why text;
  details jsonb := case when tg_op = 'UPDATE' then showcase_private.audit_changes(o, n) else '{}'::jsonb end;
begin
  if pg_trigger_depth() > 1 then return null; end if;
  staff := showcase_private.acting_staff_role();
  if staff is null then return null; end if;
  -- Their own row before or after (an admin handing their own project over is an owner's act).
  if owner_column is not null and auth.uid()::text in (o ->> owner_column, n ->> owner_column) then return null; end if;
  if tg_op = 'UPDATE' and details = '{}'::jsonb then return null; end if;
  if tg_op = 'DELETE' and (
       (tg_table_name in ('project_comments', 'project_makers')
        and not exists (select 1 from public.projects p where p.id = (o ->> 'project_id')::uuid))
    or (tg_table_name = 'project_comments' and o ->> 'parent_id' is not null
        and not exists (select 1 from public.project_comments c where c.id = (o ->> 'parent_id')::uuid))
    or (tg_table_name = 'projects'
        and not exists (select 1 from public.creators c where c.id = (o ->> 'creator_id')::uuid))) then
    return null;
  end if;

  case tg_table_name
  when 'projects' then
    entity := 'project';
    label := r ->> 'title';
    if tg_op = 'UPDATE' and details ? 'status' then
      verb := case
        when n ->> 'status' = 'approved' then 'approve'
        -- Taking a public project out of the showcase is a removal; turning a submission down, a review.
        when n ->> 'status' = 'rejected' and o ->> 'status' = 'approved' then 'remove'
        when n ->> 'status' = 'rejected' then 'reject'
        else 'set_status' end;
      why := case when n ->> 'status' = 'rejected' then n ->> 'rejection_reason' end;
    elsif tg_op = 'UPDATE' and details ? 'featured' and details - 'featured' = '{}'::jsonb then
      verb := case when (n ->> 'featured')::boolean then 'feature' else 'unfeature' end;
    end if;
    if tg_op = 'DELETE' then why := showcase_private.pending_report_reason('project', (o ->> 'id')::uuid); end if;
  when 'project_comments' then
    entity := 'comment';
    label := left(r ->> 'content', 80);
    details := details || jsonb_build_object('project_id', r ->> 'project_id');
    if tg_op = 'DELETE' then
      verb := 'remove';
      why := showcase_private.pending_report_reason('comment', (o ->> 'id')::uuid);
    end if;
  when 'reports' then
    entity := 'report';
    label := r ->> 'reported_item';
    if not details ? 'status' then return null; end if;
    verb := case n ->> 'status' when 'resolved' then 'resolve' when 'dismissed' then 'dismiss' else 'edit' end;
    why := r ->> 'reason';
    details := jsonb_build_object('type', r ->> 'type', 'target_id', r ->> 'target_id', 'target_hidden', n -> 'target_hidden');
  when 'creators' then entity := 'creator'; label := r ->> 'handle';
  when 'collections' then entity := 'collection'; label := r ->> 'name';
  when 'project_makers' then
    entity := 'maker'; verb := case tg_op when 'DELETE' then 'remove' else verb end;
    details := details || jsonb_build_object('project_id', r ->> 'project_id', 'user_id', r ->> 'user_id');
  when 'content_items' then entity := 'content'; label := r ->> 'title';
  when 'tags' then entity := 'tag'; label := r ->> 'name';
  when 'site_settings' then entity := 'settings'; verb := 'update'; label := 'Site settings';
  when 'newsletter_subscriptions' then entity := 'newsletter'; label := r ->> 'email';
  when 'vote_discounts' then
    entity := 'votes';
    verb := case when tg_op = 'INSERT' then 'discount' when n ->> 'restored_at' is not null then 'restore' else verb end;
    details := details || jsonb_build_object('project_id', r ->> 'project_id', 'votes', r -> 'votes', 'kind', r ->> 'kind');
  when 'launch_recomputes' then
    entity := 'launches'; verb := 'recompute'; why := r ->> 'reason';
    details := jsonb_build_object('period', r ->> 'period', 'period_start', r ->> 'period_start');
  else
    entity := tg_table_name;
  end case;

  perform showcase_private.write_staff_audit(
    auth.uid(), staff, entity || '.' || verb, tg_table_schema || '.' || tg_table_name,
    coalesce(r ->> 'id', r ->> 'project_id'), label, why, details,
    showcase_private.request_header('x-real-ip'), showcase_private.request_header('x-request-id'));
  return null;
end $$;

create trigger audit_staff_write after update or delete on public.projects
  for each row execute function showcase_private.audit_staff_write('creator_id');
create trigger audit_staff_write after update or delete on public.project_comments
  for each row execute function showcase_private.audit_staff_write('user_id');
create trigger audit_staff_write after update on public.reports
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after update or delete on public.creators
  for each row execute function showcase_private.audit_staff_write('id');
create trigger audit_staff_write after update or delete on public.collections
  for each row execute function showcase_private.audit_staff_write('owner_id');
create trigger audit_staff_write after delete on public.project_makers
  for each row execute function showcase_private.audit_staff_write('user_id');
create trigger audit_staff_write after insert or update or delete on public.content_items
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after insert or update or delete on public.tags
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after update on public.site_settings
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after delete on public.newsletter_subscriptions
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after insert or update on showcase_private.vote_discounts
  for each row execute function showcase_private.audit_staff_write();
create trigger audit_staff_write after insert on public.launch_recomputes
  for each row execute function showcase_private.audit_staff_write();

/**
 * Roles and bans, whoever changes them: an admin (set_user_role, set_user_ban, a report that bans)
 * or, when no staff account is the caller, the operator (the service key's admin API, `npm run
 * admin -- grant|revoke`). Nothing else in the product changes either.
 */
create or replace function showcase_private.audit_account_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  staff text := coalesce(showcase_private.acting_staff_role(), 'operator');
  actor uuid := case when staff = 'operator' then null else auth.uid() end;
  old_role text := coalesce(old.raw_app_meta_data ->> 'role', 'user');
  new_role text := coalesce(new.raw_app_meta_data ->> 'role', 'user');
  was_banned boolean := old.banned_until is not null and old.banned_until > now();
  is_banned boolean := new.banned_until is not null and new.banned_until > now();
  label text := (select c.handle from public.creators c where c.id = new.id);
  ip text := showcase_private.request_header('x-real-ip');
  req text := showcase_private.request_header('x-request-id');
begin
  if old_role is distinct from new_role then
    perform showcase_private.write_staff_audit(actor, staff, 'user.set_role', 'auth.users', new.id::text, label, null,
      jsonb_build_object('role', jsonb_build_object('from', old_role, 'to', new_role)), ip, req);
  end if;
  if was_banned <> is_banned then
    perform showcase_private.write_staff_audit(actor, staff, case when is_banned then 'user.ban' else 'user.unban' end,
      'auth.users', new.id::text, label,
      case when is_banned then showcase_private.pending_report_reason('user', new.id) end,
      jsonb_build_object('banned_until', new.banned_until), ip, req);
  end if;
  return null;
end $$;
create trigger audit_account_change after update of raw_app_meta_data, banned_until on auth.users
  for each row execute function showcase_private.audit_account_change();

/**
 * What the server records itself, having checked who asked: an admin's invitation
 * (admin-invite-user), the operator's two-factor resets. Only the server's own role may call it.
 */
create or replace function platform.record_staff_action(
  actor uuid, actor_role text, action text, subject_table text, subject_id text,
  subject_label text, details jsonb, client_ip text, request_id text
) returns void
language sql volatile security definer set search_path = '' as $$
  select showcase_private.write_staff_audit(actor, actor_role, action, subject_table, subject_id, subject_label, null,
                                           details, client_ip, request_id)
$$;
revoke all on function platform.record_staff_action(uuid, text, text, text, text, text, jsonb, text, text) from public, anon, authenticated, service_role;

-- The retention purge (server/jobs/purge-staff-audit-log.ts): rows older than two years.
create or replace function platform.purge_staff_audit_log() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  purged integer;
begin
  perform set_config('showcase.audit_purge', 'on', true);
  delete from public.staff_audit_log where at < showcase_private.app_now() - interval '2 years';
  get diagnostics purged = row_count;
  perform set_config('showcase.audit_purge', 'off', true);
  return purged;
end $$;
revoke all on function platform.purge_staff_audit_log() from public, anon, authenticated, service_role;

-- Admin › Audit log's actor filter: everyone who has acted, with their address now (null: the
-- operator, or an account since deleted). Admins only, as the log.
create or replace function public.admin_audit_actors()
returns table (actor_id uuid, actor_role text, email text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to read the audit log' using errcode = '42501';
  end if;
  return query
    select distinct on (l.actor_id) l.actor_id, l.actor_role, u.email::text
      from public.staff_audit_log l left join auth.users u on u.id = l.actor_id
     order by l.actor_id, l.at desc;
end $$;
revoke all on function public.admin_audit_actors() from public, anon;
grant execute on function public.admin_audit_actors() to authenticated;
