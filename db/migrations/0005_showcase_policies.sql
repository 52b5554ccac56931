-- Row Level Security for the showcase tables: the single source of truth for who reads and writes
-- which rows, here and on hosted Supabase alike. Policies call auth.uid() and the is_*() helpers
-- through (select …) so Postgres evaluates them once per statement, not once per row.
-- Banned accounts write nothing: every write policy checks is_banned() (admins and moderators
-- stop being either while banned, see 0002).

alter table public.creators enable row level security;
alter table public.projects enable row level security;
alter table public.project_comments enable row level security;

-- Nobody needs these through the API, and TRUNCATE would skip RLS altogether.
revoke truncate, references, trigger on public.creators, public.projects, public.project_comments
  from anon, authenticated;
-- Visitors only read.
revoke insert, update, delete on public.creators, public.projects, public.project_comments from anon;

-- creators: public profiles (id, name, bio, avatar_url, created_at; e-mail lives only in auth.users)
drop policy if exists creators_read_all on public.creators;
create policy creators_read_all on public.creators for select to anon, authenticated using (true);

drop policy if exists creators_insert_self on public.creators;
create policy creators_insert_self on public.creators for insert to authenticated
  with check (id = (select auth.uid()) and not (select public.is_banned()));

drop policy if exists creators_update_self on public.creators;
create policy creators_update_self on public.creators for update to authenticated
  using (id = (select auth.uid()) and not (select public.is_banned()))
  with check (id = (select auth.uid()) and not (select public.is_banned()));

drop policy if exists creators_update_admin on public.creators;
create policy creators_update_admin on public.creators for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists creators_delete_admin on public.creators;
create policy creators_delete_admin on public.creators for delete to authenticated
  using ((select public.is_admin()));

-- projects ------------------------------------------------------------------------------------
drop policy if exists projects_read_approved on public.projects;
create policy projects_read_approved on public.projects for select to anon, authenticated
  using (status = 'approved');

drop policy if exists projects_read_own on public.projects;
create policy projects_read_own on public.projects for select to authenticated
  using (creator_id = (select auth.uid()));

drop policy if exists projects_read_staff on public.projects;
create policy projects_read_staff on public.projects for select to authenticated
  using ((select public.is_admin()) or (select public.is_moderator()));

-- A submission starts in review with nothing on it; the spec's insert sends upvotes 0 and
-- featured false, which is exactly what this accepts.
drop policy if exists projects_insert_own on public.projects;
create policy projects_insert_own on public.projects for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and status = 'pending'
    and featured = false
    and upvotes = 0
    and comment_count = 0
    and not (select public.is_banned())
  );

-- Which columns each of these may change is enforced by projects_before_write (0004).
drop policy if exists projects_update_own on public.projects;
create policy projects_update_own on public.projects for update to authenticated
  using (creator_id = (select auth.uid()) and not (select public.is_banned()))
  with check (creator_id = (select auth.uid()) and not (select public.is_banned()));

drop policy if exists projects_update_staff on public.projects;
create policy projects_update_staff on public.projects for update to authenticated
  using ((select public.is_admin()) or (select public.is_moderator()))
  with check ((select public.is_admin()) or (select public.is_moderator()));

drop policy if exists projects_delete_own on public.projects;
create policy projects_delete_own on public.projects for delete to authenticated
  using (creator_id = (select auth.uid()) and not (select public.is_banned()));

drop policy if exists projects_delete_admin on public.projects;
create policy projects_delete_admin on public.projects for delete to authenticated
  using ((select public.is_admin()));

-- project_comments: visible exactly when their project is visible to the caller (the subquery
-- runs under the projects policies above), written only by their author on approved projects.
drop policy if exists comments_read_visible_projects on public.project_comments;
create policy comments_read_visible_projects on public.project_comments for select to anon, authenticated
  using (exists (select 1 from public.projects p where p.id = project_id));

drop policy if exists comments_insert_own on public.project_comments;
create policy comments_insert_own on public.project_comments for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not (select public.is_banned())
    and exists (select 1 from public.projects p where p.id = project_id and p.status = 'approved')
  );

drop policy if exists comments_update_admin on public.project_comments;
create policy comments_update_admin on public.project_comments for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists comments_delete_own on public.project_comments;
create policy comments_delete_own on public.project_comments for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_banned()));

drop policy if exists comments_delete_admin on public.project_comments;
create policy comments_delete_admin on public.project_comments for delete to authenticated
  using ((select public.is_admin()));
