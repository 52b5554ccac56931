-- Authors may edit their own comments (issue 5). The comment guard trigger (0004) already stops
-- anyone but the server from moving a comment to another project, author or time; this adds the
-- author's update right and an edited_at mark readers can see.

alter table public.project_comments add column if not exists edited_at timestamptz;

drop policy if exists comments_update_own on public.project_comments;
create policy comments_update_own on public.project_comments for update to authenticated
  using (user_id = (select auth.uid()) and not (select public.is_banned()))
  with check (user_id = (select auth.uid()) and not (select public.is_banned()));

-- The clock is the database's: edited_at is set when the text changes and cannot be forged.
create or replace function showcase_private.comments_mark_edited() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if not showcase_private.is_privileged() then
      new.edited_at := null;
    end if;
  elsif new.content is distinct from old.content then
    new.edited_at := now();
  elsif not showcase_private.is_privileged() then
    new.edited_at := old.edited_at;
  end if;
  return new;
end $$;

drop trigger if exists comments_c_mark_edited on public.project_comments;
create trigger comments_c_mark_edited before insert or update on public.project_comments
  for each row execute function showcase_private.comments_mark_edited();
