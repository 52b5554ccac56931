-- /following (issue 18) listed only the projects a followed maker owns. A maker's work includes
-- the projects they co-make (project_makers holds the owner and every accepted co-maker), so the
-- feed reads makers, not owners. One row per project, however many of its makers are followed.
create or replace function public.following_projects(page_size integer default 24, page_offset integer default 0)
returns setof public.project_listing
language sql stable set search_path = '' as $$
  select l.*
    from public.project_listing l
   where l.id in (
     select m.project_id
       from public.project_makers m
       join public.follows f on f.followee_id = m.user_id
      where f.follower_id = (select auth.uid()))
   order by l.created_at desc, l.id desc
   limit least(greatest(page_size, 1), 100) offset greatest(page_offset, 0)
$$;
revoke all on function public.following_projects(integer, integer) from public, anon;
grant execute on function public.following_projects(integer, integer) to authenticated, service_role;
