-- Events → notifications (issue 15). Each event's own table has a trigger that calls
-- showcase_private.notify(), which applies the recipient's preferences: an in-app row, an e-mail
-- queued at once (0121's outbox), or a mark for the daily digest. Later issues raise the types
-- that are defined but not yet raised (replies, launches, wins, co-makers, follows) the same way.

-- notify(recipient, kind, actor, project, subject, details, target[, group_as, actor_key])
--   Nobody is told about their own action, and anonymous (issue 14) or deleted accounts are never
--   told anything. With a group key (group_as) the recipient has one row per key: each new actor (by
--   actor_key) adds one to actor_count, makes it unread and moves it up (at most every ten
--   minutes while it stays unread); the same actor again changes nothing. E-mail "at once" goes out when a row is created (a group's first actor), and
--   only to a confirmed address while Admin › Settings › Email notifications is on.
--   Seeding sets showcase.mute_notifications for its transaction: demo accounts cannot sign in.
create or replace function showcase_private.notify(
  recipient uuid, kind text, actor uuid, project uuid, subject uuid, details jsonb, target text,
  group_as text default null, actor_key text default null)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  who record;
  row_id bigint;
  created boolean := false;
  wants_email text;
  facts jsonb := coalesce(details, '{}'::jsonb);
  at timestamptz;
begin
  if recipient is null or recipient is not distinct from actor
     or coalesce(current_setting('showcase.mute_notifications', true), '') = 'on' then
    return null;
  end if;
  -- One statement (a vote raises this): the recipient, their choice for this type, the site switch.
  select u.email as address, u.email_confirmed_at is not null as confirmed, u.is_anonymous, u.deleted_at,
         coalesce(p.in_app, t.in_app_default) as in_app, coalesce(p.email, t.email_default) as email_mode,
         coalesce(s.email_notifications, true) as site_mail
    into who
    from showcase_private.notification_types t
    join auth.users u on u.id = recipient
    left join public.notification_preferences p on p.user_id = recipient and p.type = t.type
    left join public.site_settings s on s.id
   where t.type = kind;
  if not found then
    if not exists (select 1 from showcase_private.notification_types t where t.type = kind) then
      raise exception 'Unknown notification type: %', kind using errcode = '22023';
    end if;
    return null; -- no such account
  end if;
  if who.is_anonymous or who.deleted_at is not null then
    return null;
  end if;
  wants_email := case when who.address is not null and who.confirmed and who.site_mail then who.email_mode else 'off' end;
  if not who.in_app and wants_email = 'off' then
    return null;
  end if;
  at := showcase_private.app_now();

  if group_as is not null then
    select n.id into row_id from public.notifications n where n.user_id = recipient and n.group_key = group_as for update;
  end if;
  if row_id is null then
    insert into public.notifications (user_id, type, actor_id, project_id, subject_id, data, link, group_key, in_app,
                                      digest_pending, created_at, updated_at)
    values (recipient, kind, actor, project, subject, facts, target, group_as, who.in_app, wants_email = 'digest', at, at)
    on conflict (user_id, group_key) where group_key is not null do nothing
    returning id into row_id;
    created := row_id is not null;
    if not created then -- another transaction created the group a moment ago
      select n.id into row_id from public.notifications n where n.user_id = recipient and n.group_key = group_as for update;
    end if;
  end if;
  if group_as is not null then
    insert into showcase_private.notification_actors (notification_id, actor_key)
    values (row_id, coalesce(actor_key, 'user:' || actor::text, 'someone'))
    on conflict do nothing;
    if not created then
      if not found then
        return row_id; -- the same person again
      end if;
      -- While it is unread, it moves up at most every ten minutes: between those, the update
      -- changes no indexed column and stays a cheap in-page (HOT) update through a burst of votes.
      update public.notifications n
         set actor_count = n.actor_count + 1, data = n.data || facts, read_at = null,
             updated_at = case when n.read_at is not null or n.updated_at < at - interval '10 minutes' then at else n.updated_at end,
             in_app = who.in_app, digest_pending = n.digest_pending or wants_email = 'digest'
       where n.id = row_id;
    end if;
  end if;

  if created and wants_email = 'instant' then
    perform showcase_private.enqueue_email(who.address, recipient, kind, 'notification',
      jsonb_build_object('notification_id', row_id, 'type', kind, 'data', facts, 'link', target, 'actor_count', 1));
  end if;
  return row_id;
end $$;
revoke all on function showcase_private.notify(uuid, text, uuid, uuid, uuid, jsonb, text, text, text) from public, anon, authenticated;

-- Every admin and moderator who is not banned (role read from the current auth.users row).
create or replace function showcase_private.notify_staff(kind text, actor uuid, project uuid, subject uuid, details jsonb, target text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  member uuid;
begin
  for member in
    select u.id from auth.users u
     where u.raw_app_meta_data ->> 'role' in ('admin', 'moderator')
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  loop
    perform showcase_private.notify(member, kind, actor, project, subject, details, target);
  end loop;
end $$;
revoke all on function showcase_private.notify_staff(text, uuid, uuid, uuid, jsonb, text) from public, anon, authenticated;

-- Staff are found by role on every submission and report; keep that an index lookup. On hosted
-- Supabase auth.users belongs to the auth service and the index is skipped.
do $$
begin
  create index if not exists users_staff_role_idx on auth.users ((raw_app_meta_data ->> 'role'))
    where raw_app_meta_data ->> 'role' in ('admin', 'moderator');
exception when insufficient_privilege then
  null;
end $$;

create or replace function showcase_private.excerpt(content text, max_length integer) returns text
language sql immutable set search_path = '' as $$
  select case when char_length(btrim(content)) > max_length
              then rtrim(left(btrim(content), max_length - 1)) || '…' else btrim(content) end
$$;
revoke all on function showcase_private.excerpt(text, integer) from public, anon, authenticated;

-- A comment on your project ----------------------------------------------------------------------
create or replace function showcase_private.notify_on_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p record;
begin
  select pr.id, pr.title, pr.creator_id into p from public.projects pr where pr.id = new.project_id;
  if found then
    perform showcase_private.notify(p.creator_id, 'comment_on_project', new.user_id, p.id, new.id,
      jsonb_build_object('actor_name', new.user_name, 'project_title', p.title, 'excerpt', showcase_private.excerpt(new.content, 200)),
      '/projects/' || p.id);
  end if;
  return null;
end $$;

drop trigger if exists notify_on_comment on public.project_comments;
create trigger notify_on_comment after insert on public.project_comments
  for each row execute function showcase_private.notify_on_comment();

-- A deleted comment (its author, an admin, a moderator resolving a report) takes its notice along.
create or replace function showcase_private.notify_forget_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.notifications n where n.subject_id = old.id and n.type in ('comment_on_project', 'comment_reply');
  return null;
end $$;

drop trigger if exists notify_forget_comment on public.project_comments;
create trigger notify_forget_comment after delete on public.project_comments
  for each row execute function showcase_private.notify_forget_comment();

-- Upvotes on your project: one notice per project and day of the maker's time zone -------------
-- A trigger on the votes table rather than a step of toggle_vote, so whoever adds votes (issue 14
-- reshapes toggle_vote and the table) raises it. The row is read as JSON for the same reason: it
-- needs project_id, and user_id or voter when the table has them. Voters are not named.
create or replace function showcase_private.notify_on_vote() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  vote jsonb := to_jsonb(new);
  p record;
  day date;
begin
  select pr.id, pr.title, pr.creator_id into p from public.projects pr where pr.id = (vote ->> 'project_id')::uuid;
  if not found or p.creator_id is not distinct from (vote ->> 'user_id')::uuid then
    return null;
  end if;
  day := showcase_private.local_time(showcase_private.app_now(), showcase_private.user_time_zone(p.creator_id))::date;
  perform showcase_private.notify(p.creator_id, 'project_upvotes', (vote ->> 'user_id')::uuid, p.id, null,
    jsonb_build_object('project_title', p.title, 'day', day),
    '/projects/' || p.id, 'upvotes:' || p.id || ':' || day,
    coalesce(vote ->> 'voter', 'user:' || (vote ->> 'user_id')));
  return null;
end $$;

drop trigger if exists notify_on_vote on public.project_votes;
create trigger notify_on_vote after insert on public.project_votes
  for each row execute function showcase_private.notify_on_vote();

-- Your project approved or rejected; for staff, a submission to review ---------------------------
-- The actor is whoever changed the status: a maker whose submission moderation-off published at
-- once is not told about their own action. A project that goes back to review after its maker's
-- edit is a new submission for staff; once it leaves review, staff notices about it read as read.
create or replace function showcase_private.notify_on_project() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  to_review jsonb;
begin
  if new.status = 'pending' then
    if tg_op = 'INSERT' and not coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
      return null; -- publish_when_moderation_off approves it in this statement
    end if;
    to_review := jsonb_build_object('project_title', new.title, 'actor_name', showcase_private.author_name(new.creator_id));
    perform showcase_private.notify_staff('submission_to_review', new.creator_id, new.id, null, to_review, '/admin/projects');
    return null;
  end if;
  if tg_op = 'INSERT' then
    return null;
  end if;
  if old.status = 'pending' then
    update public.notifications n set read_at = showcase_private.app_now()
     where n.project_id = new.id and n.type = 'submission_to_review' and n.read_at is null;
  end if;
  if new.status = 'approved' then
    perform showcase_private.notify(new.creator_id, 'project_approved', auth.uid(), new.id, null,
      jsonb_build_object('project_title', new.title), '/projects/' || new.id);
  elsif new.status = 'rejected' then
    perform showcase_private.notify(new.creator_id, 'project_rejected', auth.uid(), new.id, null,
      jsonb_build_object('project_title', new.title, 'reason', new.rejection_reason), '/my-projects');
  end if;
  return null;
end $$;

drop trigger if exists notify_on_project on public.projects;
create trigger notify_on_project after insert on public.projects
  for each row execute function showcase_private.notify_on_project();
-- A WHEN on the values, not "update of status": a maker's edit changes the status in a BEFORE
-- trigger, which "of status" does not see; and every vote updates projects.upvotes, which should
-- not cost a function call.
drop trigger if exists notify_on_project_status on public.projects;
create trigger notify_on_project_status after update on public.projects
  for each row when (old.status is distinct from new.status)
  execute function showcase_private.notify_on_project();

-- For staff, a new report; for its reporter, the report resolved -------------------------------
create or replace function showcase_private.notify_on_report() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform showcase_private.notify_staff('report_filed', new.reporter_id, null, new.id,
      jsonb_build_object('reported_item', new.reported_item, 'reason', new.reason, 'report_type', new.type),
      '/admin/moderation');
  elsif new.status is distinct from old.status then
    update public.notifications n set read_at = showcase_private.app_now()
     where n.subject_id = new.id and n.type = 'report_filed' and n.read_at is null;
    if new.status = 'resolved' then
      perform showcase_private.notify(new.reporter_id, 'report_resolved', new.resolved_by, null, new.id,
        jsonb_build_object('reported_item', new.reported_item), null);
    end if;
  end if;
  return null;
end $$;

drop trigger if exists notify_on_report on public.reports;
create trigger notify_on_report after insert or update of status on public.reports
  for each row execute function showcase_private.notify_on_report();

-- Daily digests ---------------------------------------------------------------------------------
-- assemble_digests(local_hour, max_items) → how many digests it queued. For every recipient with
-- notices waiting for the digest whose clock has passed local_hour today: one e-mail listing them
-- (those still set to the digest, newest first, at most max_items plus a count), at most one per
-- local day (the outbox's dedupe key); what arrives after today's digest waits for tomorrow's.
-- A run after downtime catches up by itself: it only looks at what is waiting.
create or replace function showcase_private.assemble_digests(local_hour integer, max_items integer)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  at timestamptz := showcase_private.app_now();
  mail_on boolean := coalesce((select s.email_notifications from public.site_settings s where s.id), true);
  r record;
  local_at timestamp;
  key text;
  items jsonb;
  total integer;
  assembled integer := 0;
begin
  for r in
    select n.user_id, min(u.email) as email, bool_and(u.email_confirmed_at is not null) as confirmed
      from public.notifications n join auth.users u on u.id = n.user_id
     where n.digest_pending
     group by n.user_id
  loop
    local_at := showcase_private.local_time(at, showcase_private.user_time_zone(r.user_id));
    continue when extract(hour from local_at) < local_hour;
    key := 'digest:' || r.user_id || ':' || local_at::date;
    continue when exists (select 1 from platform.email_outbox o where o.dedupe_key = key);

    with wanted as (
      select n.* from public.notifications n
        join showcase_private.notification_types t on t.type = n.type
        left join public.notification_preferences p on p.user_id = n.user_id and p.type = n.type
       where n.user_id = r.user_id and n.digest_pending and coalesce(p.email, t.email_default) = 'digest'
    )
    select (select count(*) from wanted),
           (select jsonb_agg(jsonb_build_object('type', x.type, 'data', x.data, 'link', x.link,
                                                'actor_count', x.actor_count, 'at', x.updated_at) order by x.updated_at desc)
              from (select w.* from wanted w order by w.updated_at desc limit max_items) x)
      into total, items;

    if total > 0 and mail_on and r.confirmed then
      perform showcase_private.enqueue_email(r.email, r.user_id, 'digest', 'digest',
        jsonb_build_object('day', local_at::date, 'items', items, 'total', total), key);
      assembled := assembled + 1;
    end if;
    update public.notifications n set digest_pending = false where n.user_id = r.user_id and n.digest_pending;
  end loop;

  -- Rows kept only for a digest or a group's count have done their job after a couple of days.
  delete from public.notifications n where not n.in_app and not n.digest_pending and n.updated_at < at - interval '2 days';
  return assembled;
end $$;
revoke all on function showcase_private.assemble_digests(integer, integer) from public, anon, authenticated;
