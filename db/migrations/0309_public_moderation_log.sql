-- The public moderation log (issue 36 item 5, decision 264), as Lobsters publishes one: removals
-- and bans with their reasons, off until an admin turns it on in Settings. What it shows is read
-- from the staff audit log (0308) through this view, which keeps out everything personal: no IP,
-- no request id, no actor beyond "a moderator" (the UI's words), and the subject only as what is
-- public now (an approved project's title, a member's @handle); a subject no longer public shows
-- as nothing. The view runs as its owner (the audit log itself stays admins' only), and returns
-- no rows while the setting is off, for anon and members alike.

alter table public.site_settings add column public_moderation_log boolean not null default false;

-- The SPA shows the page's link, and the page its "not public" notice, from the public settings.
create or replace view public.site_settings_public as
 select site_name,
    site_description,
    theme,
    allow_registration,
    moderation_enabled,
    public_moderation_log
   from public.site_settings
  where id;

create view public.moderation_log with (security_barrier) as
  select l.id,
         l.at,
         l.action,
         case
           when l.subject_table = 'public.projects' then
             (select p.title from public.projects p where p.id::text = l.subject_id and p.status = 'approved')
           when l.subject_table = 'public.project_comments' then
             (select p.title from public.projects p where p.id::text = l.details ->> 'project_id' and p.status = 'approved')
           when l.subject_table = 'auth.users' then
             (select '@' || c.handle from public.creators c where c.id::text = l.subject_id)
         end as subject,
         l.reason
    from public.staff_audit_log l
   where l.action in ('project.remove', 'project.delete', 'comment.remove', 'user.ban', 'user.unban')
     and coalesce((select s.public_moderation_log from public.site_settings s where s.id), false);
revoke all on public.moderation_log from public, anon, authenticated, service_role;
grant select on public.moderation_log to anon, authenticated, service_role;
