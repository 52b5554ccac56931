-- Following makers (issue 18, decision 181). A follow is an account following a creator (a maker
-- with a public profile). Who follows whom is not public: each follow is read by its follower,
-- the maker followed and staff; everyone sees a maker's follower count (creator_follow_counts).
-- Following yourself is refused with a clear error; the maker hears of a new follower
-- (notification type new_follower, added here).

create table if not exists public.follows (
  follower_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  followee_id uuid not null references public.creators (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (follower_id, followee_id),
  constraint follows_not_self check (follower_id <> followee_id)
);
create index if not exists follows_followee_idx on public.follows (followee_id, created_at desc);

alter table public.follows enable row level security;
revoke all on public.follows from anon;
revoke update, truncate, references, trigger on public.follows from authenticated;
grant select, insert, delete on public.follows to authenticated;
grant all on public.follows to service_role;

drop policy if exists follows_read_own on public.follows;
create policy follows_read_own on public.follows for select to authenticated
  using (follower_id = (select auth.uid()) or followee_id = (select auth.uid()));

drop policy if exists follows_read_staff on public.follows;
create policy follows_read_staff on public.follows for select to authenticated
  using ((select public.is_admin()) or (select public.is_moderator()));

drop policy if exists follows_insert_own on public.follows;
create policy follows_insert_own on public.follows for insert to authenticated
  with check (follower_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists follows_delete_own on public.follows;
create policy follows_delete_own on public.follows for delete to authenticated
  using (follower_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

create or replace function showcase_private.follows_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.follower_id = new.followee_id then
    raise exception 'You cannot follow yourself' using errcode = '23514';
  end if;
  if not showcase_private.is_privileged() then
    new.created_at := now();
  end if;
  return new;
end $$;

drop trigger if exists follows_a_guard on public.follows;
create trigger follows_a_guard before insert on public.follows
  for each row execute function showcase_private.follows_before_insert();

-- Counts for a creator page, readable by everyone (the rows themselves are not).
create or replace function public.creator_follow_counts(creator uuid)
returns table (followers integer, following integer)
language sql stable security definer set search_path = '' as $$
  select (select count(*)::integer from public.follows f where f.followee_id = creator),
         (select count(*)::integer from public.follows f where f.follower_id = creator)
$$;
revoke all on function public.creator_follow_counts(uuid) from public;
grant execute on function public.creator_follow_counts(uuid) to anon, authenticated, service_role;

-- Recent approved projects by the makers the caller follows, newest first (the /following page).
-- Runs with the caller's rights: follows' policies pick the caller's own follows.
create or replace function public.following_projects(page_size integer default 24, page_offset integer default 0)
returns setof public.project_listing
language sql stable set search_path = '' as $$
  select l.*
    from public.project_listing l
   where l.creator_id in (select f.followee_id from public.follows f where f.follower_id = (select auth.uid()))
   order by l.created_at desc, l.id desc
   limit least(greatest(page_size, 1), 100) offset greatest(page_offset, 0)
$$;
revoke all on function public.following_projects(integer, integer) from public, anon;
grant execute on function public.following_projects(integer, integer) to authenticated, service_role;

-- A new follower --------------------------------------------------------------------------------
insert into showcase_private.notification_types (type, audience, in_app_default, email_default) values
  ('new_follower', 'member', true, 'off')
on conflict (type) do update
  set audience = excluded.audience, in_app_default = excluded.in_app_default, email_default = excluded.email_default;

create or replace function showcase_private.notify_on_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform showcase_private.notify(new.followee_id, 'new_follower', new.follower_id, null, new.follower_id,
    jsonb_build_object('actor_name', showcase_private.author_name(new.follower_id)),
    case when exists (select 1 from public.creators c where c.id = new.follower_id) then '/creators/' || new.follower_id::text else '/following' end);
  return null;
end $$;

drop trigger if exists notify_on_follow on public.follows;
create trigger notify_on_follow after insert on public.follows
  for each row execute function showcase_private.notify_on_follow();

-- An unfollow takes back an unread notice of it.
create or replace function showcase_private.notify_forget_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.notifications n
   where n.user_id = old.followee_id and n.type = 'new_follower' and n.actor_id = old.follower_id and n.read_at is null;
  return null;
end $$;

drop trigger if exists notify_forget_follow on public.follows;
create trigger notify_forget_follow after delete on public.follows
  for each row execute function showcase_private.notify_forget_follow();
