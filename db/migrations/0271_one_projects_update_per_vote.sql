-- One UPDATE of the project per vote (issue 28's vote path). Since 0250 a vote changed its project
-- twice: `project_votes_tally` (points, votes_cast) and `project_votes_public_count` (upvotes), each
-- an UPDATE that runs the projects row's five BEFORE triggers and captures a realtime change, so
-- every subscriber of a project received two UPDATE events per vote and the row got two versions.
-- Now the tally keeps all three columns in one statement, and the public-count trigger is gone.

drop trigger project_votes_public_count on public.project_votes;
drop function showcase_private.project_votes_public_count();

drop function showcase_private.tally_vote(uuid, text, timestamptz, integer, numeric);

-- p_counted: the change to the public count (+1, -1 or 0) that comes with this vote.
create function showcase_private.tally_vote(p_project uuid, p_network text, p_window timestamptz, p_accounts integer, p_points numeric, p_counted integer)
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
  update public.projects p
     set votes_cast = p.votes_cast + p_accounts,
         points = p.points + delta::float8,
         upvotes = greatest(p.upvotes + p_counted, 0)
   where p.id = p_project;
end $function$;

create or replace function showcase_private.project_votes_tally()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  -- The daily job marks a vote counted once its account is old enough: only the public count moves.
  if tg_op = 'UPDATE'
     and (old.project_id, old.user_id, old.network, old.window_start, old.base_weight, old.discount_id)
         is not distinct from (new.project_id, new.user_id, new.network, new.window_start, new.base_weight, new.discount_id) then
    if old.counted is distinct from new.counted then
      update public.projects p
         set upvotes = greatest(p.upvotes + case when new.counted then 1 else -1 end, 0)
       where p.id = new.project_id;
    end if;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform showcase_private.tally_vote(old.project_id, old.network, old.window_start, -1,
      -(case when old.discount_id is null then old.base_weight else 0 end),
      case when old.counted then -1 else 0 end);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform showcase_private.tally_vote(new.project_id, new.network, new.window_start, 1,
      case when new.discount_id is null then new.base_weight else 0 end,
      case when new.counted then 1 else 0 end);
  end if;
  return null;
end $function$;

drop trigger project_votes_tally on public.project_votes;
create trigger project_votes_tally after insert or delete or update of project_id, user_id, network, window_start, base_weight, discount_id, counted
  on public.project_votes for each row execute function showcase_private.project_votes_tally();

revoke all on function showcase_private.tally_vote(uuid, text, timestamptz, integer, numeric, integer) from public;
