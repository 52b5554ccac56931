-- One person, one vote (decisions 120 and 121). A vote belongs to an account: a permanent one, or
-- the anonymous user a visitor's first upvote signs in (0090). The per-browser id the browser
-- chose is gone; the votes cast that way stay in the counts as projects.legacy_votes.
--
-- Each vote also carries what ranking needs: its base weight (anonymous, new or established
-- account), and the network group it belongs to (a salted hash of the voter's /24 or /64 and the
-- day it was cast on). The more accounts vote for one project from one network in one day, the
-- less each vote weighs, and beyond two the less the whole group weighs. projects.upvotes stays
-- the number of votes; projects.points is what Top and Trending sort by. Both are kept by the
-- database, never written by a client.

-- Weights and windows: every number of the scheme, in one place (decision 121) ---------------------
create or replace function showcase_private.vote_weighting()
returns table (
  anonymous_weight numeric,      -- a vote by an anonymous user
  new_account_weight numeric,    -- by an account younger than new_account_age when it voted
  new_account_age interval,
  legacy_weight numeric,         -- a vote cast by browser id before accounts voted (0006)
  group_window interval,         -- votes on one project from one network are grouped per window
  crowd_free_accounts integer,   -- a group of up to this many accounts keeps its full weight; in a
                                 -- group of n > it, each vote counts (crowd_free_accounts / n)^2
  network_retention interval,    -- network hashes are forgotten after this long
  cluster_min_accounts integer,  -- /admin/votes lists network groups from this size
  burst_window interval,         -- and windows of this length with
  burst_min_votes integer        -- this many new or anonymous votes on one project
)
language sql immutable parallel safe set search_path = '' as $$
  select 0.25, 0.5, interval '1 day', 0.25, interval '1 day', 2, interval '30 days', 3, interval '1 hour', 10
$$;

-- What one vote weighs before its group is considered.
create or replace function showcase_private.vote_base_weight(voter_is_anonymous boolean, account_created_at timestamptz, voted_at timestamptz)
returns numeric
language sql immutable parallel safe set search_path = '' as $$
  select case
    when voter_is_anonymous then w.anonymous_weight
    when voted_at - account_created_at < w.new_account_age then w.new_account_weight
    else 1::numeric
  end
  from showcase_private.vote_weighting() w
$$;

-- What each vote of a group of `accounts` accounts is multiplied by. Squared, so that a group
-- worth more than two accounts is worth less as it grows (3 → 1.33 accounts, 4 → 1, 10 → 0.4,
-- 400 → 0.01): a farm of accounts is worth less than the one person running it.
create or replace function showcase_private.crowd_factor(accounts integer) returns numeric
language sql immutable parallel safe set search_path = '' as $$
  select least(1::numeric, power(w.crowd_free_accounts::numeric / greatest(accounts, 1), 2))
  from showcase_private.vote_weighting() w
$$;

revoke all on function showcase_private.vote_weighting(), showcase_private.vote_base_weight(boolean, timestamptz, timestamptz),
  showcase_private.crowd_factor(integer) from public;
-- The numbers are no secret (decision 121 publishes them), and the column guard on projects, which
-- runs with the writer's rights, reads the legacy weight.
grant execute on function showcase_private.vote_weighting() to anon, authenticated, service_role;

-- Networks ------------------------------------------------------------------------------------------
-- A random salt, generated once per database and never readable by an API role: a network hash
-- cannot be reversed by hashing every /24.
create table if not exists platform.vote_network_salt (
  singleton boolean primary key default true check (singleton),
  salt text not null
);
revoke all on platform.vote_network_salt from public;
insert into platform.vote_network_salt (salt)
values (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
on conflict (singleton) do nothing;

-- The salted hash of an address's /24 (IPv4) or /64 (IPv6); null for anything that is not an address.
create or replace function showcase_private.network_of(address text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  ip inet;
  prefix inet;
begin
  begin
    ip := btrim(address)::inet;
  exception when others then
    return null;
  end;
  if ip is null then
    return null;
  end if;
  prefix := network(set_masklen(ip, case when family(ip) = 4 then 24 else 64 end));
  return encode(sha256(convert_to((select s.salt from platform.vote_network_salt s) || '|' || prefix::text, 'UTF8')), 'hex');
end $$;

-- The network of the request being served. Our server puts the client address it resolved
-- (TRUST_PROXY aware) in x-real-ip, replacing whatever the client sent; behind Supabase's gateway
-- the first X-Forwarded-For entry is the client's.
create or replace function showcase_private.request_network() returns text
language sql stable security definer set search_path = '' as $$
  select showcase_private.network_of(coalesce(
    nullif(btrim(r.h ->> 'x-real-ip'), ''),
    nullif(btrim(split_part(r.h ->> 'x-forwarded-for', ',', 1)), '')))
  from (select nullif(current_setting('request.headers', true), '')::json as h) r
$$;

-- Where each account first signed in (for a new account: where it was created), kept
-- network_retention at most.
create table if not exists showcase_private.account_networks (
  user_id uuid primary key references auth.users (id) on delete cascade,
  network text not null,
  first_seen_at timestamptz not null
);
create index if not exists account_networks_first_seen_at_idx on showcase_private.account_networks (first_seen_at);

create or replace function showcase_private.note_account_network() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.ip is not null then
    insert into showcase_private.account_networks (user_id, network, first_seen_at)
    values (new.user_id, showcase_private.network_of(host(new.ip)), showcase_private.app_now())
    on conflict (user_id) do nothing;
  end if;
  return null;
end $$;

-- Guarded: where auth.sessions belongs to another role (hosted Supabase) only the vote's own
-- network is used.
do $$
begin
  drop trigger if exists showcase_note_account_network on auth.sessions;
  create trigger showcase_note_account_network after insert on auth.sessions
    for each row execute function showcase_private.note_account_network();
exception when insufficient_privilege then
  null;
end $$;

-- The network a vote counts under: a new account is grouped with the accounts created where it
-- was created (however it rotates addresses afterwards); an established one where it votes from.
create or replace function showcase_private.vote_network(voter uuid, account_created_at timestamptz, voted_at timestamptz)
returns text
language sql stable security definer set search_path = '' as $$
  select case
    when voted_at - account_created_at < w.new_account_age
      then coalesce((select an.network from showcase_private.account_networks an where an.user_id = voter),
                    showcase_private.request_network())
    else showcase_private.request_network()
  end
  from showcase_private.vote_weighting() w
$$;

revoke all on function showcase_private.network_of(text), showcase_private.request_network(),
  showcase_private.vote_network(uuid, timestamptz, timestamptz) from public;

-- Votes per account ----------------------------------------------------------------------------------
drop trigger if exists project_votes_count on public.project_votes;
drop function if exists showcase_private.votes_count();

alter table public.projects
  add column if not exists legacy_votes integer not null default 0
    constraint projects_legacy_votes_non_negative check (legacy_votes >= 0),
  add column if not exists points double precision not null default 0;

update public.projects p set legacy_votes = p.legacy_votes + b.n
  from (select v.project_id, count(*)::integer as n from public.project_votes v where v.user_id is null group by v.project_id) b
 where p.id = b.project_id;
delete from public.project_votes where user_id is null;

alter table public.project_votes drop constraint if exists project_votes_pkey;
alter table public.project_votes drop column if exists voter;
alter table public.project_votes alter column user_id set not null;
alter table public.project_votes add primary key (project_id, user_id);
alter table public.project_votes
  add column if not exists network text,
  add column if not exists window_start timestamptz,
  add column if not exists base_weight numeric not null default 1 constraint project_votes_base_weight_range check (base_weight >= 0 and base_weight <= 1),
  -- Set while an admin discounts the vote (/admin/votes, 0093): it still counts as a vote, not as points.
  add column if not exists discount_id uuid;
create index if not exists project_votes_project_created_at_idx on public.project_votes (project_id, created_at);
create index if not exists project_votes_window_start_idx on public.project_votes (window_start) where window_start is not null;

-- Votes cast before this migration: weighed as the accounts were then, in no group.
update public.project_votes v set base_weight = showcase_private.vote_base_weight(u.is_anonymous, u.created_at, v.created_at)
  from auth.users u where u.id = v.user_id;

-- The votes table carries what ranking needs (network hash, weights, discounts), which no API
-- caller reads: a user reads which projects they voted for through my_votes (the "upvoted" state,
-- the same on every device), admins audit through /admin/votes's functions (0093).
revoke select on public.project_votes from anon, authenticated;
drop policy if exists project_votes_read_own on public.project_votes;

-- security_barrier: the caller's own filters run only on the caller's rows.
create or replace view public.my_votes with (security_invoker = false, security_barrier = true) as
select v.project_id, v.created_at
  from public.project_votes v
 where v.user_id = auth.uid();
revoke all on public.my_votes from public, anon, authenticated;
grant select on public.my_votes to anon, authenticated, service_role;

-- The tally: projects.upvotes and projects.points follow every vote ---------------------------------
create table if not exists showcase_private.vote_groups (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  network text not null,
  window_start timestamptz not null,
  accounts integer not null,
  base_points numeric not null,
  unique (project_id, network, window_start)
);

-- Adds (accounts 1, points > 0) or removes (-1, -points) one vote's share. A grouped vote changes
-- its group's size, and with it what every vote of the group is worth, so the project's points
-- move by the group's new total minus its old one.
create or replace function showcase_private.tally_vote(p_project uuid, p_network text, p_window timestamptz, p_accounts integer, p_points numeric)
returns void
language plpgsql security definer set search_path = '' as $$
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
  update public.projects p set upvotes = p.upvotes + p_accounts, points = p.points + delta::float8 where p.id = p_project;
end $$;

create or replace function showcase_private.project_votes_tally() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform showcase_private.tally_vote(old.project_id, old.network, old.window_start, -1,
      -(case when old.discount_id is null then old.base_weight else 0 end));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform showcase_private.tally_vote(new.project_id, new.network, new.window_start, 1,
      case when new.discount_id is null then new.base_weight else 0 end);
  end if;
  return null;
end $$;

drop trigger if exists project_votes_tally on public.project_votes;
create trigger project_votes_tally
  after insert or delete or update of project_id, user_id, network, window_start, base_weight, discount_id
  on public.project_votes
  for each row execute function showcase_private.project_votes_tally();

revoke all on function showcase_private.tally_vote(uuid, text, timestamptz, integer, numeric),
  showcase_private.project_votes_tally() from public;

-- The counts as they stand after folding the browser votes in.
update public.projects p
   set upvotes = p.legacy_votes + coalesce(v.n, 0),
       points = (p.legacy_votes * (select w.legacy_weight from showcase_private.vote_weighting() w) + coalesce(v.weight, 0))::float8
  from public.projects q
  left join (select project_id, count(*)::integer as n, sum(base_weight) as weight from public.project_votes group by project_id) v
    on v.project_id = q.id
 where p.id = q.id;

-- projects.legacy_votes and points are the database's: an API caller inserts them as zero and never
-- changes them; the server's own connection (seeding, imports) may set legacy_votes, and the count
-- and points follow it.
create or replace function showcase_private.projects_vote_columns() returns trigger
language plpgsql set search_path = '' as $$
declare
  legacy_weight numeric := (select w.legacy_weight from showcase_private.vote_weighting() w);
begin
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      if new.legacy_votes <> 0 or new.points <> 0 then
        raise exception 'Upvotes and points are kept by the database' using errcode = '42501';
      end if;
    else
      new.upvotes := new.upvotes + new.legacy_votes;
      new.points := new.points + (new.legacy_votes * legacy_weight)::float8;
    end if;
  elsif new.legacy_votes is distinct from old.legacy_votes or new.points is distinct from old.points then
    if not showcase_private.is_privileged() then
      raise exception 'Upvotes and points are kept by the database' using errcode = '42501';
    end if;
    if new.legacy_votes is distinct from old.legacy_votes then
      new.upvotes := new.upvotes + (new.legacy_votes - old.legacy_votes);
      new.points := new.points + ((new.legacy_votes - old.legacy_votes) * legacy_weight)::float8;
    end if;
  end if;
  return new;
end $$;

drop trigger if exists projects_vote_columns on public.projects;
create trigger projects_vote_columns before insert or update on public.projects
  for each row execute function showcase_private.projects_vote_columns();

-- toggle_vote(project_id) → {"upvoted": boolean, "upvotes": integer} ------------------------------
--   Adds the caller's vote if absent, removes it if present; answers the new state and count.
--   The caller is an account (anonymous or not). Errors: 42501 without a session ('Sign in to
--   vote', 401) or for a banned account (403); PT404 'Project not found' unless the project is
--   approved (404). The project row is locked first, so toggles on one project queue up and each
--   answers an exact count.
drop function if exists public.toggle_vote(uuid, text);
create or replace function public.toggle_vote(project_id uuid)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  at timestamptz := showcase_private.app_now();
  voter_created timestamptz;
  voter_anonymous boolean;
  project_status text;
  added boolean;
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

  select p.status into project_status from public.projects p
   where p.id = toggle_vote.project_id
   for no key update;
  if project_status is distinct from 'approved' then
    raise sqlstate 'PT404' using message = 'Project not found';
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
      showcase_private.vote_base_weight(voter_anonymous, voter_created, at));
  end if;

  select p.upvotes into new_count from public.projects p where p.id = toggle_vote.project_id;
  return json_build_object('upvoted', added, 'upvotes', new_count);
end $$;

revoke all on function public.toggle_vote(uuid) from public;
grant execute on function public.toggle_vote(uuid) to anon, authenticated, service_role;

-- A vote cast anonymously weighs as an account's once its user signs up (converts).
create or replace function showcase_private.reweigh_converted_votes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.is_anonymous and not new.is_anonymous then
    update public.project_votes v
       set base_weight = showcase_private.vote_base_weight(false, new.created_at, v.created_at)
     where v.user_id = new.id;
  end if;
  return null;
end $$;

drop trigger if exists showcase_reweigh_converted_votes on auth.users;
create trigger showcase_reweigh_converted_votes after update of is_anonymous on auth.users
  for each row execute function showcase_private.reweigh_converted_votes();

-- Signing in to an account from an anonymous session: the anonymous votes join the account -------
-- (decision 122). The anonymous session asks for a transfer token first (the browser keeps it);
-- once signed in, the account hands it back. Votes on projects the account already voted for are
-- dropped, the rest become the account's, and the anonymous user is deleted, so no person's vote
-- counts twice.
create table if not exists showcase_private.vote_transfers (
  token_hash text primary key,
  anonymous_user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index if not exists vote_transfers_anonymous_user_id_idx on showcase_private.vote_transfers (anonymous_user_id, created_at desc);

create or replace function public.begin_vote_transfer() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if caller is null or not public.is_anonymous() then
    raise exception 'Only an anonymous session hands its votes on' using errcode = '42501';
  end if;
  insert into showcase_private.vote_transfers (token_hash, anonymous_user_id)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), caller);
  -- Several tabs may each ask; the five newest tokens stay valid.
  delete from showcase_private.vote_transfers t
   where t.anonymous_user_id = caller
     and t.token_hash not in (select k.token_hash from showcase_private.vote_transfers k
                               where k.anonymous_user_id = caller order by k.created_at desc limit 5);
  return token;
end $$;

-- → {"moved": n, "dropped": n}. An unknown or used token, or one the caller issued to themselves
-- (an anonymous user who signed up keeps their own votes), moves nothing.
create or replace function public.complete_vote_transfer(transfer_token text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  source uuid;
  caller_created timestamptz;
  moved integer := 0;
  dropped integer := 0;
begin
  if caller is null or public.is_anonymous() or public.is_banned() then
    raise exception 'Sign in to your account to keep these votes' using errcode = '42501';
  end if;
  if transfer_token is null or char_length(transfer_token) > 200 then
    raise exception 'transfer_token must be the token begin_vote_transfer answered' using errcode = '22023';
  end if;
  delete from showcase_private.vote_transfers t
   where t.token_hash = encode(sha256(convert_to(transfer_token, 'UTF8')), 'hex')
  returning t.anonymous_user_id into source;
  if source is null or source = caller
     or not exists (select 1 from auth.users u where u.id = source and u.is_anonymous) then
    return json_build_object('moved', 0, 'dropped', 0);
  end if;

  -- Lock the projects involved in a fixed order, as toggle_vote does, so neither races the other.
  perform 1 from public.projects p
   where p.id in (select v.project_id from public.project_votes v where v.user_id = source)
   order by p.id
   for no key update;
  delete from public.project_votes v
   where v.user_id = source
     and exists (select 1 from public.project_votes mine where mine.project_id = v.project_id and mine.user_id = caller);
  get diagnostics dropped = row_count;
  select u.created_at into caller_created from auth.users u where u.id = caller;
  update public.project_votes v
     set user_id = caller, base_weight = showcase_private.vote_base_weight(false, caller_created, v.created_at)
   where v.user_id = source;
  get diagnostics moved = row_count;
  delete from auth.users u where u.id = source;
  return json_build_object('moved', moved, 'dropped', dropped);
end $$;

revoke all on function public.begin_vote_transfer(), public.complete_vote_transfer(text) from public, anon;
grant execute on function public.begin_vote_transfer(), public.complete_vote_transfer(text) to authenticated, service_role;

-- Forgetting networks after network_retention (the scheduler's expire-vote-networks job) ------------
-- A vote's group is frozen into its own weight (base weight × the group's factor), so forgetting
-- the network changes no project's points; then the hash is dropped everywhere.
create or replace function showcase_private.expire_vote_networks() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  cutoff timestamptz := showcase_private.app_now() - (select w.network_retention from showcase_private.vote_weighting() w);
  frozen integer;
begin
  update public.project_votes v
     set base_weight = v.base_weight * showcase_private.crowd_factor(g.accounts), network = null, window_start = null
    from showcase_private.vote_groups g
   where v.window_start < cutoff
     and g.project_id = v.project_id and g.network = v.network and g.window_start = v.window_start;
  get diagnostics frozen = row_count;
  delete from showcase_private.vote_groups g where g.window_start < cutoff;
  delete from showcase_private.account_networks an where an.first_seen_at < cutoff;
  return frozen;
end $$;
revoke all on function showcase_private.expire_vote_networks() from public, anon, authenticated;
