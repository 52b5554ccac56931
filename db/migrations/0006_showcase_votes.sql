-- Upvotes: one row per project and voter, projects.upvotes kept in step by a trigger, and one
-- function, public.toggle_vote, as the only way in. Signed-in voters are keyed by their account
-- (auth.uid()), visitors by the random per-browser id their browser generated.

create table if not exists public.project_votes (
  project_id uuid not null references public.projects (id) on delete cascade,
  -- 'user:<account id>' or 'browser:<per-browser id>'
  voter text not null constraint project_votes_voter_shape
    check (voter ~ '^(user|browser):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (project_id, voter)
);
create index if not exists project_votes_user_id_idx on public.project_votes (user_id, project_id)
  where user_id is not null;

alter table public.project_votes enable row level security;
-- Votes are written only by toggle_vote (SECURITY DEFINER).
revoke insert, update, delete, truncate, references, trigger on public.project_votes from anon, authenticated;
revoke all on public.project_votes from anon;

-- A signed-in user may list their own votes (to show "upvoted" on another device); admins all.
drop policy if exists project_votes_read_own on public.project_votes;
create policy project_votes_read_own on public.project_votes for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create or replace function showcase_private.votes_count() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.projects set upvotes = upvotes + 1 where id = new.project_id;
  else
    update public.projects set upvotes = upvotes - 1 where id = old.project_id;
  end if;
  return null;
end $$;

drop trigger if exists project_votes_count on public.project_votes;
create trigger project_votes_count after insert or delete on public.project_votes
  for each row execute function showcase_private.votes_count();

-- toggle_vote(project_id, voter_id) → {"upvoted": boolean, "upvotes": integer}
--   Adds the caller's vote if absent, removes it if present, and returns the new state and count.
--   Signed in: keyed by auth.uid() (voter_id is ignored). Visitor: voter_id must be a UUID string.
--   Errors: 22023 without a usable visitor id, P0002 'Project not found' unless the project is
--   approved, 42501 for a banned account.
-- The project row is locked first, so concurrent toggles on one project queue up and each
-- returns an exact count.
create or replace function public.toggle_vote(project_id uuid, voter_id text default null)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  voter_key text;
  project_status text;
  added boolean;
  new_count integer;
begin
  if caller is not null then
    if public.is_banned() then
      raise exception 'This account cannot vote' using errcode = '42501';
    end if;
    voter_key := 'user:' || caller::text;
  else
    if voter_id is null or voter_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'voter_id must be the browser''s UUID when not signed in' using errcode = '22023';
    end if;
    voter_key := 'browser:' || lower(voter_id);
  end if;

  select p.status into project_status from public.projects p
   where p.id = toggle_vote.project_id
   for no key update;
  if project_status is distinct from 'approved' then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;

  insert into public.project_votes as v (project_id, voter, user_id)
  values (toggle_vote.project_id, voter_key, caller)
  on conflict on constraint project_votes_pkey do nothing;
  added := found;
  if not added then
    delete from public.project_votes v where v.project_id = toggle_vote.project_id and v.voter = voter_key;
  end if;

  select p.upvotes into new_count from public.projects p where p.id = toggle_vote.project_id;
  return json_build_object('upvoted', added, 'upvotes', new_count);
end $$;

revoke all on function public.toggle_vote(uuid, text) from public;
grant execute on function public.toggle_vote(uuid, text) to anon, authenticated, service_role;
