-- Threaded comments with upvotes (issue 18, decision 180).
--
-- project_comments.parent_id: the comment a reply answers (null for a top-level comment).
-- project_comments.thread_id: the top-level comment a reply is shown under, set by the database:
--   one level of nesting is shown, and a reply to a reply is flattened under the same top-level
--   comment (as Product Hunt does) while parent_id still says whom it answers.
-- Deleting a comment deletes the replies under it (foreign keys on delete cascade): decision 180.
-- comment_votes: one upvote per account and comment; never on your own comment; visitors and
--   anonymous sign-ins cannot. project_comments.upvotes counts them and project_comments.score is
--   the Wilson lower bound the "Best" order sorts on.

alter table public.project_comments
  add column if not exists parent_id uuid references public.project_comments (id) on delete cascade,
  add column if not exists thread_id uuid references public.project_comments (id) on delete cascade,
  add column if not exists upvotes integer not null default 0;

do $$
begin
  alter table public.project_comments add constraint project_comments_upvotes_non_negative check (upvotes >= 0);
exception when duplicate_object then
  null;
end $$;

-- The lower bound of the 95% Wilson score interval for `ups` positive ratings out of `total`.
-- There are no downvotes on comments, so a comment's total is its upvotes plus one (the reader who
-- did not vote): the bound then rises with upvotes and favours neither brand-new nor old comments.
create or replace function showcase_private.wilson_lower_bound(ups integer, total integer)
returns double precision
language sql immutable parallel safe set search_path = '' as $$
  select case when total <= 0 or ups <= 0 then 0::double precision else
    ((ups::double precision / total) + 1.9208 / total
      - 1.96 * sqrt(((ups::double precision / total) * (1 - ups::double precision / total) + 0.9604 / total) / total))
    / (1 + 3.8416 / total) end
$$;
grant execute on function showcase_private.wilson_lower_bound(integer, integer) to anon, authenticated, service_role;

alter table public.project_comments
  add column if not exists score double precision
    generated always as (showcase_private.wilson_lower_bound(upvotes, upvotes + 1)) stored;

create index if not exists project_comments_thread_idx on public.project_comments (thread_id, created_at) where thread_id is not null;
create index if not exists project_comments_parent_idx on public.project_comments (parent_id) where parent_id is not null;
create index if not exists project_comments_top_best_idx on public.project_comments (project_id, score desc, created_at desc) where thread_id is null;
create index if not exists project_comments_top_new_idx on public.project_comments (project_id, created_at desc, id desc) where thread_id is null;

-- The comment a reply answers, found whoever may see it (SECURITY DEFINER): a reply to a comment
-- of another project is refused for that reason, not as if the comment did not exist.
create or replace function showcase_private.comment_parent(comment uuid, out project_id uuid, out thread_id uuid, out found boolean)
language sql stable security definer set search_path = '' as $$
  select c.project_id, coalesce(c.thread_id, c.id), true from public.project_comments c where c.id = comment
$$;
revoke all on function showcase_private.comment_parent(uuid) from public;
grant execute on function showcase_private.comment_parent(uuid) to authenticated, service_role;

-- Where a reply goes, checked with clear errors; and what a client may not set or change.
-- Not SECURITY DEFINER: is_privileged() must see the caller's role.
create or replace function showcase_private.comments_thread() returns trigger
language plpgsql set search_path = '' as $$
declare
  parent record;
begin
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      new.upvotes := 0;
    end if;
    new.thread_id := null;
    if new.parent_id is not null then
      select * into parent from showcase_private.comment_parent(new.parent_id);
      if parent.found is null then
        raise exception 'The comment you are replying to has been deleted' using errcode = '23503';
      end if;
      if parent.project_id is distinct from new.project_id then
        raise exception 'A reply must be on the same project as the comment it answers' using errcode = '23514';
      end if;
      new.thread_id := parent.thread_id;
    end if;
  elsif not showcase_private.is_privileged() then
    if (new.parent_id, new.thread_id) is distinct from (old.parent_id, old.thread_id) then
      raise exception 'A reply cannot be moved to another comment' using errcode = '42501';
    end if;
    new.upvotes := old.upvotes;
  end if;
  return new;
end $$;

drop trigger if exists comments_d_thread on public.project_comments;
create trigger comments_d_thread before insert or update on public.project_comments
  for each row execute function showcase_private.comments_thread();

-- Votes --------------------------------------------------------------------------------------
create table if not exists public.comment_votes (
  comment_id uuid not null references public.project_comments (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);
create index if not exists comment_votes_user_idx on public.comment_votes (user_id, created_at desc);

alter table public.comment_votes enable row level security;
revoke all on public.comment_votes from anon;
revoke update, truncate, references, trigger on public.comment_votes from authenticated;
grant select, insert, delete on public.comment_votes to authenticated;
grant all on public.comment_votes to service_role;

-- Each account sees its own votes (to show which comments it upvoted); counts are on the comment.
drop policy if exists comment_votes_read_own on public.comment_votes;
create policy comment_votes_read_own on public.comment_votes for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists comment_votes_read_admin on public.comment_votes;
create policy comment_votes_read_admin on public.comment_votes for select to authenticated
  using ((select public.is_admin()));

-- Only on a comment the voter can see (its project is visible to them).
drop policy if exists comment_votes_insert_own on public.comment_votes;
create policy comment_votes_insert_own on public.comment_votes for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not (select public.is_banned())
    and not (select public.is_anonymous())
    and exists (select 1 from public.project_comments c where c.id = comment_id)
  );

drop policy if exists comment_votes_delete_own on public.comment_votes;
create policy comment_votes_delete_own on public.comment_votes for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

create or replace function showcase_private.comment_author(comment uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select c.user_id from public.project_comments c where c.id = comment
$$;
revoke all on function showcase_private.comment_author(uuid) from public;
grant execute on function showcase_private.comment_author(uuid) to authenticated, service_role;

create or replace function showcase_private.comment_votes_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not showcase_private.is_privileged() then
    new.created_at := now();
  end if;
  if showcase_private.comment_author(new.comment_id) = new.user_id then
    raise exception 'You cannot upvote your own comment' using errcode = '23514';
  end if;
  return new;
end $$;

drop trigger if exists comment_votes_a_guard on public.comment_votes;
create trigger comment_votes_a_guard before insert on public.comment_votes
  for each row execute function showcase_private.comment_votes_before_insert();

create or replace function showcase_private.comment_votes_count() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.project_comments set upvotes = upvotes + 1 where id = new.comment_id;
  else
    update public.project_comments set upvotes = greatest(upvotes - 1, 0) where id = old.comment_id;
  end if;
  return null;
end $$;

drop trigger if exists comment_votes_count on public.comment_votes;
create trigger comment_votes_count after insert or delete on public.comment_votes
  for each row execute function showcase_private.comment_votes_count();

-- Replies: the author of the comment answered hears of it ("Replies to you"); the project's maker
-- is told of a comment on their project as before, except when the reply answers the maker
-- (they get the reply notice instead of two).
create or replace function showcase_private.notify_on_comment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p record;
  answered uuid;
begin
  select pr.id, pr.title, pr.creator_id into p from public.projects pr where pr.id = new.project_id;
  if not found then
    return null;
  end if;
  if new.parent_id is not null then
    select c.user_id into answered from public.project_comments c where c.id = new.parent_id;
    perform showcase_private.notify(answered, 'comment_reply', new.user_id, p.id, new.id,
      jsonb_build_object('actor_name', new.user_name, 'project_title', p.title, 'excerpt', showcase_private.excerpt(new.content, 200)),
      '/projects/' || p.id);
  end if;
  if answered is distinct from p.creator_id then
    perform showcase_private.notify(p.creator_id, 'comment_on_project', new.user_id, p.id, new.id,
      jsonb_build_object('actor_name', new.user_name, 'project_title', p.title, 'excerpt', showcase_private.excerpt(new.content, 200)),
      '/projects/' || p.id);
  end if;
  return null;
end $$;
