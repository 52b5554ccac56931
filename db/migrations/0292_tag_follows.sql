-- Following tags (issue 30 item 4, decision 229): an account follows a tag from the tag's page or
-- the onboarding. Each row is read, added and removed by its follower only; visitors, anonymous
-- sign-ins and banned accounts cannot follow. (The search issue owns what following a tag does
-- to lists; this is the table and its permissions.)

create table if not exists public.tag_follows (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, tag_id)
);
create index if not exists tag_follows_tag_idx on public.tag_follows (tag_id);

alter table public.tag_follows enable row level security;
revoke all on public.tag_follows from anon;
revoke update, truncate, references, trigger on public.tag_follows from authenticated;
grant select, insert, delete on public.tag_follows to authenticated;
grant all on public.tag_follows to service_role;

drop policy if exists tag_follows_read_own on public.tag_follows;
create policy tag_follows_read_own on public.tag_follows for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists tag_follows_insert_own on public.tag_follows;
create policy tag_follows_insert_own on public.tag_follows for insert to authenticated
  with check (user_id = (select auth.uid()) and not (select public.is_banned()) and not (select public.is_anonymous()));

drop policy if exists tag_follows_delete_own on public.tag_follows;
create policy tag_follows_delete_own on public.tag_follows for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_anonymous()));
