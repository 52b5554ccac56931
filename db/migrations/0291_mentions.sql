-- @mentions in comments (issue 30 item 4, decision 229). A comment that names a creator's handle
-- (@handle; domain/handles.ts MENTION_SOURCE) tells them, with the notification type 'mention',
-- through notify() and so by their preferences (in-app, e-mail). At most 5 people per comment are
-- counted (the first distinct handles written that belong to a creator other than the author);
-- an edit counts only handles not counted before, so nobody is told twice and an edit cannot add
-- a sixth. Nobody is told when: they wrote it; their account is banned (or deleted, or anonymous:
-- notify() already skips those); they muted its author (public.user_mutes, below); or they may not
-- read the comment (its project is not launched and they are not its owner, a co-maker or staff),
-- so a mention never shows a pending or rejected project to someone who cannot see it.

-- Mutes: a member who does not want to hear from another one. Read, added and removed by the
-- muter only; the muted member never learns of it.
create table if not exists public.user_mutes (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  muted_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, muted_id),
  constraint user_mutes_not_self check (user_id <> muted_id)
);

alter table public.user_mutes enable row level security;
revoke all on public.user_mutes from anon;
revoke update, truncate, references, trigger on public.user_mutes from authenticated;
grant select, insert, delete on public.user_mutes to authenticated;
grant all on public.user_mutes to service_role;

drop policy if exists user_mutes_read_own on public.user_mutes;
create policy user_mutes_read_own on public.user_mutes for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists user_mutes_insert_own on public.user_mutes;
create policy user_mutes_insert_own on public.user_mutes for insert to authenticated
  with check (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists user_mutes_delete_own on public.user_mutes;
create policy user_mutes_delete_own on public.user_mutes for delete to authenticated
  using (user_id = (select auth.uid()));

-- The type, on by default in the app and by e-mail at once (a person addressed you).
insert into showcase_private.notification_types (type, audience, in_app_default, email_default) values
  ('mention', 'member', true, 'instant')
on conflict (type) do update
  set audience = excluded.audience, in_app_default = excluded.in_app_default, email_default = excluded.email_default;

-- Who of a comment's mentions has been counted (told, or passed over as muted, banned or unable to
-- read it): an edit never counts them again. Goes with its comment.
create table if not exists showcase_private.comment_mentions (
  comment_id uuid not null references public.project_comments (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  notified boolean not null,
  primary key (comment_id, user_id)
);
revoke all on showcase_private.comment_mentions from public, anon, authenticated;

-- Whether a member may read a project's comments now (the comments' and projects' read policies,
-- asked for someone other than the caller).
create or replace function showcase_private.member_may_read_project(member uuid, project uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
     where p.id = project
       and (showcase_private.is_launched(p.status, p.launched_at)
            or p.creator_id = member
            or exists (select 1 from public.project_makers m where m.project_id = p.id and m.user_id = member)
            or exists (select 1 from auth.users u
                        where u.id = member and u.raw_app_meta_data ->> 'role' in ('admin', 'moderator')
                          and (u.banned_until is null or u.banned_until <= now()))))
$$;
revoke all on function showcase_private.member_may_read_project(uuid, uuid) from public, anon, authenticated;

create or replace function showcase_private.notify_mentions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p record;
  counted integer;
  mentioned record;
  target uuid;
  tell boolean;
begin
  if tg_op = 'UPDATE' and new.content is not distinct from old.content then
    return null;
  end if;
  select pr.id, pr.title into p from public.projects pr where pr.id = new.project_id;
  if not found then
    return null;
  end if;
  counted := (select count(*) from showcase_private.comment_mentions m where m.comment_id = new.id);
  for mentioned in
    select lower(x.m[1]) as handle, min(x.n) as first_at
      from regexp_matches(new.content, '(?<![A-Za-z0-9_@.])@([A-Za-z][A-Za-z0-9_]{2,29})(?![A-Za-z0-9_])', 'g')
           with ordinality as x(m, n)
     group by lower(x.m[1])
     order by first_at
  loop
    exit when counted >= 5;
    select c.id into target from public.creators c where c.handle = mentioned.handle;
    continue when not found or target = new.user_id;
    continue when exists (select 1 from showcase_private.comment_mentions m where m.comment_id = new.id and m.user_id = target);
    counted := counted + 1;
    tell := not exists (select 1 from auth.users u where u.id = target and u.banned_until is not null and u.banned_until > now())
            and not exists (select 1 from public.user_mutes mu where mu.user_id = target and mu.muted_id = new.user_id)
            and showcase_private.member_may_read_project(target, p.id);
    insert into showcase_private.comment_mentions (comment_id, user_id, notified) values (new.id, target, tell);
    if tell then
      perform showcase_private.notify(target, 'mention', new.user_id, p.id, new.id,
        jsonb_build_object('actor_name', new.user_name, 'project_title', p.title, 'excerpt', showcase_private.excerpt(new.content, 200)),
        '/projects/' || p.id);
    end if;
  end loop;
  return null;
end $$;

drop trigger if exists notify_mentions on public.project_comments;
create trigger notify_mentions after insert or update of content on public.project_comments
  for each row execute function showcase_private.notify_mentions();

-- A deleted comment takes its mention notices along (as 0122 does for comment notices).
create or replace function showcase_private.notify_forget_mentions() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.notifications n where n.subject_id = old.id and n.type = 'mention';
  return null;
end $$;

drop trigger if exists notify_forget_mentions on public.project_comments;
create trigger notify_forget_mentions after delete on public.project_comments
  for each row execute function showcase_private.notify_forget_mentions();
