-- Admin panel › Votes (/admin/votes): suspicious clusters of votes, and discounting them
-- (decision 123). A discounted vote still counts as a vote (the number shown does not change);
-- it stops counting as points, so it no longer moves Top or Trending. Discounts are reversible
-- and each one is written to the activity log.
--
-- Two kinds of cluster, both from the last network_retention (0091's vote_weighting()):
--   network  one project, one network, one group_window (a day): at least cluster_min_accounts
--            accounts (the vote_groups the tally keeps);
--   burst    one project, one burst_window (an hour): at least burst_min_votes votes from
--            anonymous users or accounts younger than new_account_age, from any networks.

create table if not exists showcase_private.vote_discounts (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  kind text not null check (kind in ('network', 'burst')),
  window_start timestamptz not null,
  votes integer not null,
  -- What the votes weighed when they were discounted.
  points numeric not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  restored_at timestamptz,
  restored_by uuid
);
create index if not exists vote_discounts_created_at_idx on showcase_private.vote_discounts (created_at desc);

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'project_votes_discount_id_fkey') then
    alter table public.project_votes add constraint project_votes_discount_id_fkey
      foreign key (discount_id) references showcase_private.vote_discounts (id) on delete set null;
  end if;
end $$;
create index if not exists project_votes_discount_id_idx on public.project_votes (discount_id) where discount_id is not null;

alter table public.activity_events drop constraint if exists activity_events_kind_check;
alter table public.activity_events add constraint activity_events_kind_check check (kind in
  ('project_submitted', 'project_approved', 'project_rejected', 'comment_posted', 'user_signed_up', 'report_filed',
   'votes_discounted', 'votes_restored'));

-- What a vote adds to its project's points now: nothing while discounted; its base weight times
-- its group's factor while its network is remembered; its frozen weight after.
create or replace function showcase_private.vote_points(base_weight numeric, discounted boolean, group_accounts integer)
returns numeric
language sql immutable parallel safe set search_path = '' as $$
  select case
    when discounted then 0::numeric
    when group_accounts is null then base_weight
    else base_weight * showcase_private.crowd_factor(group_accounts)
  end
$$;
revoke all on function showcase_private.vote_points(numeric, boolean, integer) from public;

-- Every vote of the last network_retention with what the audit needs to know about it.
create or replace view showcase_private.audited_votes as
select
  v.project_id,
  v.user_id,
  v.created_at,
  v.network,
  v.window_start,
  v.discount_id,
  g.id as group_id,
  u.is_anonymous as anonymous,
  (not u.is_anonymous and v.created_at - u.created_at < w.new_account_age) as new_account,
  date_bin(w.burst_window, v.created_at, timestamptz '2000-01-01 00:00:00+00') as hour_start,
  showcase_private.vote_points(v.base_weight, v.discount_id is not null, g.accounts) as points,
  showcase_private.vote_points(v.base_weight, false, g.accounts) as undiscounted_points
from public.project_votes v
join auth.users u on u.id = v.user_id
cross join showcase_private.vote_weighting() w
left join showcase_private.vote_groups g
  on g.project_id = v.project_id and g.network = v.network and g.window_start = v.window_start
where v.created_at >= showcase_private.app_now() - w.network_retention;
revoke all on showcase_private.audited_votes from public, anon, authenticated;

-- The clusters an admin should look at, most of their project's points first. cluster_key names a
-- cluster for admin_discount_votes without revealing its network.
create or replace function public.admin_vote_clusters()
returns table (
  cluster_key text,
  kind text,
  project_id uuid,
  project_title text,
  window_start timestamptz,
  window_end timestamptz,
  votes integer,
  anonymous_votes integer,
  new_account_votes integer,
  points numeric,
  project_points numeric,
  share numeric
)
language plpgsql stable security definer set search_path = '' as $$
declare
  w record;
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to audit votes' using errcode = '42501';
  end if;
  select * into w from showcase_private.vote_weighting();
  return query
    with clusters as (
      select 'network:' || a.group_id::text as key, 'network'::text as kind, a.project_id,
             min(a.window_start) as started,
             count(*)::integer as n,
             count(*) filter (where a.anonymous)::integer as n_anonymous,
             count(*) filter (where a.new_account)::integer as n_new,
             sum(a.points) as pts
        from showcase_private.audited_votes a
        join showcase_private.vote_groups g on g.id = a.group_id
       where a.discount_id is null and g.accounts >= w.cluster_min_accounts
       group by a.group_id, a.project_id
      union all
      select 'burst:' || a.project_id::text || ':' || extract(epoch from a.hour_start)::bigint::text, 'burst', a.project_id,
             a.hour_start,
             count(*)::integer,
             count(*) filter (where a.anonymous)::integer,
             count(*) filter (where a.new_account)::integer,
             sum(a.points)
        from showcase_private.audited_votes a
       where a.discount_id is null and (a.anonymous or a.new_account)
       group by a.project_id, a.hour_start
      having count(*) >= w.burst_min_votes
    )
    select c.key, c.kind, c.project_id, p.title, c.started,
           c.started + case when c.kind = 'network' then w.group_window else w.burst_window end, c.n, c.n_anonymous, c.n_new,
           c.pts, p.points::numeric, case when p.points > 0 then round(least(1, c.pts / p.points::numeric), 4) else 0 end
      from clusters c
      join public.projects p on p.id = c.project_id
     order by 12 desc, c.n desc, c.started desc
     limit 200;
end $$;

-- Discounts, newest first, restored ones included (the undo history).
create or replace function public.admin_vote_discounts()
returns table (
  id uuid,
  kind text,
  project_id uuid,
  project_title text,
  window_start timestamptz,
  window_end timestamptz,
  votes integer,
  points numeric,
  created_at timestamptz,
  created_by_email text,
  restored_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to audit votes' using errcode = '42501';
  end if;
  return query
    select d.id, d.kind, d.project_id, p.title, d.window_start,
           d.window_start + (select case when d.kind = 'network' then w.group_window else w.burst_window end
                               from showcase_private.vote_weighting() w),
           d.votes, d.points, d.created_at, u.email::text, d.restored_at
      from showcase_private.vote_discounts d
      join public.projects p on p.id = d.project_id
      left join auth.users u on u.id = d.created_by
     order by d.created_at desc
     limit 100;
end $$;

-- → {"discount_id", "votes", "points"}. Errors: 42501 for non-admins, 22023 for a malformed key,
-- PT404 when the cluster has no votes left to discount.
create or replace function public.admin_discount_votes(cluster_key text)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  w record;
  parts text[] := string_to_array(coalesce(cluster_key, ''), ':');
  target_project uuid;
  target_window timestamptz;
  target_kind text;
  target_group uuid;
  discount uuid := gen_random_uuid();
  n integer;
  pts numeric;
  title text;
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to discount votes' using errcode = '42501';
  end if;
  select * into w from showcase_private.vote_weighting();
  if parts[1] = 'network' and array_length(parts, 1) = 2
     and parts[2] ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    target_kind := 'network';
    target_group := parts[2]::uuid;
    select g.project_id, g.window_start into target_project, target_window from showcase_private.vote_groups g where g.id = target_group;
  elsif parts[1] = 'burst' and array_length(parts, 1) = 3
     and parts[2] ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' and parts[3] ~ '^[0-9]{1,12}$' then
    target_kind := 'burst';
    target_project := parts[2]::uuid;
    target_window := to_timestamp(parts[3]::bigint);
  else
    raise exception 'Unknown vote cluster' using errcode = '22023';
  end if;

  -- Lock the project, as a vote does, so the points move in one piece.
  select p.title into title from public.projects p where p.id = target_project for no key update;
  select count(*)::integer, coalesce(sum(a.points), 0) into n, pts
    from showcase_private.audited_votes a
   where a.project_id = target_project and a.discount_id is null
     and case when target_kind = 'network' then a.group_id = target_group
              else a.hour_start = target_window and (a.anonymous or a.new_account) end;
  if title is null or n = 0 then
    raise sqlstate 'PT404' using message = 'This cluster has no votes left to discount';
  end if;

  insert into showcase_private.vote_discounts (id, project_id, kind, window_start, votes, points, created_by)
  values (discount, target_project, target_kind, target_window, n, pts, auth.uid());
  update public.project_votes v set discount_id = discount
    from showcase_private.audited_votes a
   where a.project_id = v.project_id and a.user_id = v.user_id
     and a.project_id = target_project and a.discount_id is null
     and case when target_kind = 'network' then a.group_id = target_group
              else a.hour_start = target_window and (a.anonymous or a.new_account) end;
  perform showcase_private.log_activity('votes_discounted',
    'Votes discounted: ' || n || ' on ' || title || case when target_kind = 'network' then ' (one network)' else ' (burst)' end,
    auth.uid(), discount);
  return json_build_object('discount_id', discount, 'votes', n, 'points', pts);
end $$;

-- → {"restored": votes}. Errors: 42501 for non-admins, PT404 for an unknown or already restored discount.
create or replace function public.admin_restore_votes(discount_id uuid)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  d showcase_private.vote_discounts%rowtype;
  title text;
  n integer;
begin
  if not public.is_admin() then
    raise exception 'You don''t have admin permissions to discount votes' using errcode = '42501';
  end if;
  select * into d from showcase_private.vote_discounts x where x.id = admin_restore_votes.discount_id for update;
  if not found or d.restored_at is not null then
    raise sqlstate 'PT404' using message = 'This discount does not exist or was already undone';
  end if;
  select p.title into title from public.projects p where p.id = d.project_id for no key update;
  update public.project_votes v set discount_id = null where v.discount_id = d.id;
  get diagnostics n = row_count;
  update showcase_private.vote_discounts x set restored_at = now(), restored_by = auth.uid() where x.id = d.id;
  perform showcase_private.log_activity('votes_restored',
    'Votes restored: ' || n || ' on ' || title || case when d.kind = 'network' then ' (one network)' else ' (burst)' end,
    auth.uid(), d.id);
  return json_build_object('restored', n);
end $$;

revoke all on function public.admin_vote_clusters(), public.admin_vote_discounts(), public.admin_discount_votes(text),
  public.admin_restore_votes(uuid) from public, anon;
grant execute on function public.admin_vote_clusters(), public.admin_vote_discounts(), public.admin_discount_votes(text),
  public.admin_restore_votes(uuid) to authenticated, service_role;
