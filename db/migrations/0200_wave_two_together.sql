-- Where issues 16 (launches), 17 (richer projects) and 18 (people) meet (decision 202).

-- 1. Co-makers edit what hangs off a project as the owner does: tags, tools, gallery, video.
--    0170 wrote "owner or admin" before project_makers existed; may_edit_project (0183) is the
--    one rule for "owner or accepted co-maker".
create or replace function showcase_private.can_edit_project(target uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous() and not public.is_banned()
     and exists (select 1 from public.projects p where p.id = target)
     and (public.is_admin() or showcase_private.may_edit_project(target))
$$;

create or replace function showcase_private.project_images_rereview() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target uuid := coalesce(new.project_id, old.project_id);
begin
  if auth.uid() is not null and not public.is_admin() and not public.is_moderator()
     and showcase_private.may_edit_project(target)
     and coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
    update public.projects set status = 'pending', rejection_reason = null
     where id = target and status = 'approved';
  end if;
  return null;
end $$;

create or replace function showcase_private.projects_video_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.video_url := showcase_private.blank_to_null(btrim(new.video_url));
  new.video_poster_url := showcase_private.blank_to_null(btrim(new.video_poster_url));
  if new.video_url is not null and not showcase_private.is_video_url(new.video_url) then
    raise exception 'Video links must be YouTube, Vimeo or Loom links' using errcode = '23514';
  end if;
  if new.video_poster_url is not null
     and (new.video_poster_url !~* '^https?://[^\s]+$' or char_length(new.video_poster_url) > 2048) then
    raise exception 'The video poster must be an http(s) URL' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and not showcase_private.is_privileged()
     and (new.video_url, new.video_poster_url) is distinct from (old.video_url, old.video_poster_url) then
    if not (public.is_admin() or showcase_private.may_edit_project(old.id)) then
      raise exception 'Only the owner or an admin can edit a project' using errcode = '42501';
    end if;
    if not (public.is_admin() or public.is_moderator()) and new.status = 'approved'
       and coalesce((select s.moderation_enabled from public.site_settings s where s.id), true) then
      new.status := 'pending';
      new.rejection_reason := null;
    end if;
  end if;
  return new;
end $$;

-- 2. Followers hear about launches ("Makers you follow", followed_maker_launched): every launch,
--    on its day or on approval, once, to the followers of each of its makers (makers excluded).
--    The maker's own "Your launch" notice stays for scheduled launches only: an approval already
--    tells them when it launches at once.
create or replace function showcase_private.announce_launches() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r record;
  told integer := 0;
begin
  for r in
    select p.id, p.creator_id, p.launch_date from public.projects p
     where showcase_private.is_launched(p.status, p.launched_at)
       and p.launched_at > showcase_private.app_now() - interval '7 days'
       and not exists (select 1 from showcase_private.launch_announcements a where a.project_id = p.id)
  loop
    insert into showcase_private.launch_announcements (project_id, announced_at) values (r.id, showcase_private.app_now())
    on conflict do nothing;
    if found then
      if r.launch_date is not null then
        perform showcase_private.notify(r.creator_id, 'project_launched', null, r.id, null, '{}'::jsonb, '/projects/' || r.id);
      end if;
      perform showcase_private.notify(f.follower_id, 'followed_maker_launched', r.creator_id, r.id, null, '{}'::jsonb, '/projects/' || r.id)
         from (select distinct f.follower_id
                 from public.follows f
                 join public.project_makers m on m.user_id = f.followee_id and m.project_id = r.id
                where not exists (select 1 from public.project_makers me where me.project_id = r.id and me.user_id = f.follower_id)) f;
    end if;
  end loop;
  for r in
    update public.launch_reminders lr set notified_at = showcase_private.app_now()
      from public.projects p
     where p.id = lr.project_id and lr.notified_at is null and showcase_private.is_launched(p.status, p.launched_at)
    returning lr.user_id, lr.project_id
  loop
    perform showcase_private.notify(r.user_id, 'launch_went_live', null, r.project_id, null, '{}'::jsonb, '/projects/' || r.project_id);
    told := told + 1;
  end loop;
  return told;
end $$;
revoke all on function showcase_private.announce_launches() from public, anon, authenticated;
