-- Onboarding (issue 30 item 4, decision 229): after sign-up a member is offered makers and tags to
-- follow, once. profile_settings.onboarded_at says they finished or skipped it (their own row: its
-- policy already lets only them read and write it). Every account that exists now has seen the site
-- and is marked done; a new account has no mark until it finishes or skips.

alter table public.profile_settings add column if not exists onboarded_at timestamptz;

insert into public.profile_settings (user_id, onboarded_at)
select u.id, now() from auth.users u where not coalesce(u.is_anonymous, false)
on conflict (user_id) do update set onboarded_at = coalesce(public.profile_settings.onboarded_at, excluded.onboarded_at);

-- Makers to suggest: creators with a launched project, most followed first, then most launches;
-- never the caller nor someone they already follow. Only public facts (names, handles, counts the
-- creator pages show); SECURITY DEFINER because follows' rows are not public.
create or replace function public.suggested_makers(max_count integer default 6)
returns table (id uuid, name text, handle text, avatar_url text, followers integer, projects integer)
language sql stable security definer set search_path = '' as $$
  select c.id, c.name, c.handle, c.avatar_url,
         (select count(*)::integer from public.follows f where f.followee_id = c.id) as followers,
         count(p.id)::integer as projects
    from public.creators c
    join public.projects p on p.creator_id = c.id and showcase_private.is_launched(p.status, p.launched_at)
   where c.id is distinct from auth.uid()
     and not exists (select 1 from public.follows f where f.follower_id = auth.uid() and f.followee_id = c.id)
   group by c.id
   order by followers desc, projects desc, c.created_at, c.id
   limit least(greatest(max_count, 1), 24)
$$;
revoke all on function public.suggested_makers(integer) from public, anon;
grant execute on function public.suggested_makers(integer) to authenticated, service_role;

-- Tags to suggest: those with the most launched projects.
create or replace function public.suggested_tags(max_count integer default 12)
returns table (id uuid, slug text, name text, projects integer)
language sql stable security definer set search_path = '' as $$
  select t.id, t.slug, t.name, count(p.id)::integer as projects
    from public.tags t
    join public.project_tags pt on pt.tag_id = t.id
    join public.projects p on p.id = pt.project_id and showcase_private.is_launched(p.status, p.launched_at)
   group by t.id
   order by projects desc, t.name, t.id
   limit least(greatest(max_count, 1), 48)
$$;
revoke all on function public.suggested_tags(integer) from public, anon;
grant execute on function public.suggested_tags(integer) to authenticated, service_role;
