-- A moderator never changes the status of a project they make (finding L8, decision 105).
--
-- review_project() refused a moderator's own project, but PATCH /rest/v1/projects went through
-- the staff update policy, and co-made projects were not checked anywhere. This trigger sits on
-- the table, so it holds on every path: PATCH, review_project() (security definer: the check
-- reads the caller's claims through auth.uid(), not current_user) and the admin-review-project
-- function, which calls review_project() as the caller. Admins run the site and may; the service
-- role and the server's own jobs carry no user and are not checked.
--
-- A moderator who makes a project is a maker like any other for it: their edit of a published
-- project goes back through review too (projects_before_write exempts staff from that rule).
-- Named to fire before projects_before_write (triggers fire in name order), so it sees the
-- status the caller asked for, not the one that rule sets.
create or replace function showcase_private.projects_no_self_review() returns trigger
language plpgsql set search_path = '' as $$
declare
  own boolean;
begin
  if (select auth.uid()) is null or public.is_admin() or not public.is_moderator() then
    return new;
  end if;
  own := old.creator_id = (select auth.uid()) or showcase_private.may_edit_project(old.id);
  if not own then
    return new;
  end if;
  if (new.status, new.rejection_reason, new.featured) is distinct from (old.status, old.rejection_reason, old.featured) then
    raise exception 'You cannot review your own project' using errcode = '42501';
  end if;
  if old.status <> 'pending'
     and (new.title, new.description, new.long_description, new.image_url, new.live_url, new.github_url, new.tool, new.category)
         is distinct from
         (old.title, old.description, old.long_description, old.image_url, old.live_url, old.github_url, old.tool, old.category) then
    new.status := 'pending';
    new.rejection_reason := null;
  end if;
  return new;
end $$;
revoke all on function showcase_private.projects_no_self_review() from public;

drop trigger if exists projects_before_review_guard on public.projects;
create trigger projects_before_review_guard before update on public.projects
  for each row execute function showcase_private.projects_no_self_review();
