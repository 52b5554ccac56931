-- The public vote count (decision 212): the number every card, badge, chart, feed and preview shows.
-- `projects.upvotes` IS that number from here on: votes of non-anonymous accounts that were at least
-- `new_account_age` (1 day, showcase_private.vote_weighting()) old at the time the vote is counted,
-- plus legacy votes. Every surface already reads `upvotes` (project_listing, launch_leaderboard,
-- launch_winner_cards, the badge, feeds, first screen, realtime), so they all show it at once.
-- The raw count of every vote (anonymous and fresh accounts included) moves to
-- `projects.votes_cast`, for staff and the vote audit. Points and rank are unchanged (decision 121).

-- The one definition.
create function showcase_private.vote_counts_publicly(voter_anonymous boolean, voter_created timestamptz, at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not coalesce(voter_anonymous, true)
     and voter_created is not null
     and voter_created <= at - (select w.new_account_age from showcase_private.vote_weighting() w)
$$;

alter table public.project_votes add column counted boolean not null default false;
alter table public.projects add column votes_cast integer not null default 0;
alter table public.projects add constraint projects_votes_cast_non_negative check (votes_cast >= 0);

-- Votes not yet counted: the job below looks only at these.
create index project_votes_uncounted_idx on public.project_votes (user_id) where not counted;

-- A vote is counted at once when its account already qualifies; the caller cannot choose.
create function showcase_private.project_votes_set_counted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.counted := coalesce((
    select showcase_private.vote_counts_publicly(u.is_anonymous, u.created_at, showcase_private.app_now())
      from auth.users u where u.id = new.user_id), false);
  return new;
end $$;

create trigger project_votes_set_counted before insert on public.project_votes
  for each row execute function showcase_private.project_votes_set_counted();

-- Keeps projects.upvotes in step with the counted votes.
create function showcase_private.project_votes_public_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.counted then
    update public.projects p set upvotes = greatest(p.upvotes - 1, 0) where p.id = old.project_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.counted then
    update public.projects p set upvotes = p.upvotes + 1 where p.id = new.project_id;
  end if;
  return null;
end $$;

create trigger project_votes_public_count after insert or delete or update of counted, project_id on public.project_votes
  for each row execute function showcase_private.project_votes_public_count();

-- The raw tally now keeps votes_cast; points are as before.
create or replace function showcase_private.tally_vote(p_project uuid, p_network text, p_window timestamp with time zone, p_accounts integer, p_points numeric)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  grp record;
  delta numeric;
begin
  -- A project being deleted takes its votes along; nothing is left to keep in step.
  if not exists (select 1 from public.projects p where p.id = p_project) then
    return;
  end if;
  if p_network is null or p_window is null then
    delta := p_points;
  else
    insert into showcase_private.vote_groups as g (project_id, network, window_start, accounts, base_points)
    values (p_project, p_network, p_window, p_accounts, p_points)
    on conflict (project_id, network, window_start) do update
      set accounts = g.accounts + excluded.accounts, base_points = g.base_points + excluded.base_points
    returning g.accounts, g.base_points into grp;
    delta := case when grp.accounts > 0 then showcase_private.crowd_factor(grp.accounts) * grp.base_points else 0 end
           - case when grp.accounts - p_accounts > 0
                  then showcase_private.crowd_factor(grp.accounts - p_accounts) * (grp.base_points - p_points) else 0 end;
    if grp.accounts <= 0 then
      delete from showcase_private.vote_groups g
       where g.project_id = p_project and g.network = p_network and g.window_start = p_window;
    end if;
  end if;
  update public.projects p set votes_cast = p.votes_cast + p_accounts, points = p.points + delta::float8 where p.id = p_project;
end $function$;

-- Legacy votes count in both numbers, as before; votes_cast is kept by the database like upvotes.
create or replace function showcase_private.projects_vote_columns()
 returns trigger
 language plpgsql
 set search_path to ''
as $function$
declare
  legacy_weight numeric := (select w.legacy_weight from showcase_private.vote_weighting() w);
begin
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      if new.legacy_votes <> 0 or new.points <> 0 or new.votes_cast <> 0 then
        raise exception 'Upvotes and points are kept by the database' using errcode = '42501';
      end if;
    else
      new.upvotes := new.upvotes + new.legacy_votes;
      new.votes_cast := new.votes_cast + new.legacy_votes;
      new.points := new.points + (new.legacy_votes * legacy_weight)::float8;
    end if;
  elsif new.legacy_votes is distinct from old.legacy_votes or new.points is distinct from old.points
        or new.votes_cast is distinct from old.votes_cast then
    if not showcase_private.is_privileged() then
      raise exception 'Upvotes and points are kept by the database' using errcode = '42501';
    end if;
    if new.legacy_votes is distinct from old.legacy_votes then
      new.upvotes := new.upvotes + (new.legacy_votes - old.legacy_votes);
      new.votes_cast := new.votes_cast + (new.legacy_votes - old.legacy_votes);
      new.points := new.points + ((new.legacy_votes - old.legacy_votes) * legacy_weight)::float8;
    end if;
  end if;
  return new;
end $function$;

-- Job count-aged-votes: votes whose account has since qualified (aged a day, or converted from
-- anonymous) start counting. Reads only the uncounted votes (partial index).
create function showcase_private.count_aged_votes()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.project_votes v set counted = true
    from auth.users u
   where not v.counted and u.id = v.user_id
     and showcase_private.vote_counts_publicly(u.is_anonymous, u.created_at, showcase_private.app_now());
  get diagnostics n = row_count;
  return n;
end $$;

-- The voter's own vote: my_votes says whether it counts yet.
create or replace view public.my_votes with (security_invoker = false, security_barrier = true) as
  select v.project_id, v.created_at, v.counted
    from public.project_votes v
   where v.user_id = auth.uid();

-- toggle_vote answers with the count the voter should see: the public count, plus their own vote
-- while it does not count yet (decision 212), and whether it counts.
create or replace function public.toggle_vote(project_id uuid)
 returns json
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  caller uuid := auth.uid();
  at timestamptz := showcase_private.app_now();
  voter_created timestamptz;
  voter_anonymous boolean;
  project_status text;
  project_launched_at timestamptz;
  added boolean;
  own_counted boolean := false;
  net text;
  new_count integer;
begin
  if caller is null then
    raise exception 'Sign in to vote' using errcode = '42501',
      hint = 'Visitors vote from an anonymous session: supabase.auth.signInAnonymously().';
  end if;
  if public.is_banned() then
    raise exception 'This account cannot vote' using errcode = '42501';
  end if;

  select p.status, p.launched_at into project_status, project_launched_at from public.projects p
   where p.id = toggle_vote.project_id
   for no key update;
  if project_status is distinct from 'approved' then
    raise sqlstate 'PT404' using message = 'Project not found';
  end if;
  if not showcase_private.is_launched(project_status, project_launched_at) then
    raise exception 'Voting opens when the project launches' using errcode = '42501';
  end if;

  delete from public.project_votes v where v.project_id = toggle_vote.project_id and v.user_id = caller;
  added := not found;
  if added then
    select u.created_at, u.is_anonymous into voter_created, voter_anonymous from auth.users u where u.id = caller;
    net := showcase_private.vote_network(caller, voter_created, at);
    insert into public.project_votes (project_id, user_id, created_at, network, window_start, base_weight)
    values (
      toggle_vote.project_id, caller, at, net,
      case when net is not null
           then date_bin((select w.group_window from showcase_private.vote_weighting() w), at, timestamptz '2000-01-01 00:00:00+00') end,
      showcase_private.vote_base_weight(voter_anonymous, voter_created, at))
    returning counted into own_counted;
  end if;

  select p.upvotes into new_count from public.projects p where p.id = toggle_vote.project_id;
  return json_build_object('upvoted', added, 'upvotes', new_count + case when added and not own_counted then 1 else 0 end,
                           'counted', own_counted);
end $function$;

-- Existing votes: counted if their account qualifies now; both numbers recounted.
update public.project_votes v set counted = true
  from auth.users u
 where u.id = v.user_id
   and showcase_private.vote_counts_publicly(u.is_anonymous, u.created_at, showcase_private.app_now());

update public.projects p
   set votes_cast = p.legacy_votes + coalesce((select count(*) from public.project_votes v where v.project_id = p.id), 0),
       upvotes = p.legacy_votes + coalesce((select count(*) from public.project_votes v where v.project_id = p.id and v.counted), 0);
