-- Scheduled backups (issue 36 item 2, decisions 245–247). Each run of the backup job
-- (server/jobs/take-backup.ts) is a row here: what was written where, the rows per table at the
-- backup's moment, and how the restore test of it went. Every instance reads the same rows, so the
-- admin dashboard, /readyz and /metrics agree whichever instance answers. Nothing here is exposed
-- over REST: admins read a summary through public.admin_backup_status().
create table if not exists platform.backup_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz,
  -- The file's name (showcase-backup-<UTC time>.tar.gz[.enc]) and where it went (a directory or s3://…).
  name text,
  location text,
  bytes bigint,
  encrypted boolean not null default false,
  database text,
  -- Postgres: 'included', or why no pg_dump is inside (shown to the admin, never silent).
  pg_dump text,
  -- null while running; false with an error when the backup could not be written.
  ok boolean,
  error text,
  row_counts jsonb,
  -- The restore test: restored into a scratch directory, rows counted and compared.
  restore_test_ok boolean,
  restore_test_detail text,
  restore_tested_at timestamptz
);
revoke all on platform.backup_runs from public;
create index if not exists backup_runs_started on platform.backup_runs (started_at desc);

-- Which alert was last raised, so each is raised once: 'failed' (a backup or its restore test
-- failed) or 'stale' (no good backup for a day). A good backup clears it.
create table if not exists platform.backup_alert (
  id boolean primary key default true check (id),
  raised text,
  raised_at timestamptz
);
revoke all on platform.backup_alert from public;
insert into platform.backup_alert (id) values (true) on conflict do nothing;

-- The admin notification type (domain/notifications.ts lists it too; a test compares them).
insert into showcase_private.notification_types (type, audience, in_app_default, email_default) values
  ('backup_attention', 'staff', true, 'instant')
on conflict (type) do update
  set audience = excluded.audience, in_app_default = excluded.in_app_default, email_default = excluded.email_default;

-- The last good backup (written, and its restore test passed), the last run, and the alert now due.
create or replace function showcase_private.backup_status() returns jsonb
language sql stable security definer set search_path = '' as $$
  with last_good as (
    select r.finished_at from platform.backup_runs r
     where r.ok and r.restore_test_ok order by r.started_at desc limit 1
  ), last_run as (
    select r.* from platform.backup_runs r where r.ok is not null order by r.started_at desc limit 1
  ), first_run as (
    select min(r.started_at) as at from platform.backup_runs r
  )
  select jsonb_build_object(
    'last_good_at', (select finished_at from last_good),
    'last_run', (select jsonb_build_object(
        'started_at', l.started_at, 'finished_at', l.finished_at, 'name', l.name, 'location', l.location,
        'bytes', l.bytes, 'encrypted', l.encrypted, 'database', l.database, 'pg_dump', l.pg_dump,
        'ok', l.ok, 'error', l.error, 'restore_test_ok', l.restore_test_ok,
        'restore_test_detail', l.restore_test_detail) from last_run l),
    'alert', case
      when exists (select 1 from last_run l where not l.ok or l.restore_test_ok is false) then 'failed'
      when coalesce((select finished_at from last_good), (select at from first_run)) < showcase_private.app_now() - interval '1 day' then 'stale'
    end)
$$;
revoke all on function showcase_private.backup_status() from public, anon, authenticated;

-- Called by the backup job on each of its runs: tells every admin once per alert (not on every
-- run while it lasts), and forgets the alert once a good backup exists again.
create or replace function showcase_private.check_backup_alert() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  status jsonb := showcase_private.backup_status();
  due text := status ->> 'alert';
  prior text;
  reason text;
  admin uuid;
begin
  select a.raised into prior from platform.backup_alert a where a.id for update;
  if due is null then
    update platform.backup_alert set raised = null, raised_at = null where id and raised is not null;
    return null;
  end if;
  if prior is not distinct from due then
    return null;
  end if;
  reason := case due
    when 'failed' then coalesce('The last backup failed: ' || (status -> 'last_run' ->> 'error'),
                                'The restore test of the last backup failed: ' || (status -> 'last_run' ->> 'restore_test_detail'),
                                'The last backup failed.')
    else case when status ->> 'last_good_at' is null then 'No backup has been taken and restore-tested yet.'
              else 'The last good backup is more than a day old.' end
  end;
  update platform.backup_alert set raised = due, raised_at = showcase_private.app_now() where id;
  for admin in
    select u.id from auth.users u
     where u.raw_app_meta_data ->> 'role' = 'admin'
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null
  loop
    perform showcase_private.notify(admin, 'backup_attention', null, null, null,
      jsonb_build_object('reason', left(reason, 500), 'alert', due), '/admin');
  end loop;
  return due;
end $$;
revoke all on function showcase_private.check_backup_alert() from public, anon, authenticated;

-- Admin › Dashboard: "Last good backup" and the last run. Admins only (staff who are not admins,
-- members and visitors are refused): it names where backups are kept.
create or replace function public.admin_backup_status() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins can view the backup status' using errcode = '42501';
  end if;
  return showcase_private.backup_status();
end $$;
revoke all on function public.admin_backup_status() from public, anon;
grant execute on function public.admin_backup_status() to authenticated, service_role;
