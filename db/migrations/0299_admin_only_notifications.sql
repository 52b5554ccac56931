-- Backup alerts are for admins: a moderator cannot act on a backup (the System and backup cards
-- are admin-only), so their settings page must not offer the row and the database must not take a
-- preference for it from them. A third audience, 'admin', says so in the one table of types.
alter table showcase_private.notification_types drop constraint if exists notification_types_audience_check;
alter table showcase_private.notification_types add constraint notification_types_audience_check
  check (audience in ('member', 'staff', 'admin'));

update showcase_private.notification_types set audience = 'admin' where type = 'backup_attention';

create or replace function showcase_private.notification_preferences_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  audience text := showcase_private.notification_audience(new.type);
begin
  if audience is null then
    raise exception 'Unknown notification type: %', coalesce(new.type, 'null') using errcode = '22023';
  end if;
  if new.email is null or new.email not in ('off', 'instant', 'digest') then
    raise exception 'E-mail must be off, instant or digest' using errcode = '22023';
  end if;
  if new.in_app is null then
    raise exception 'In-app must be true or false' using errcode = '22023';
  end if;
  -- Staff notices are for staff, admin notices for admins; others have nothing to set there.
  if audience = 'staff' and not showcase_private.is_privileged()
     and not (public.is_admin() or public.is_moderator()) then
    raise exception 'Only admins and moderators receive %', new.type using errcode = '42501';
  end if;
  if audience = 'admin' and not showcase_private.is_privileged() and not public.is_admin() then
    raise exception 'Only admins receive %', new.type using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'Preferences belong to one account' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;
