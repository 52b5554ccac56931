-- Storage: who may create buckets and read or write objects, and the project-images bucket.
-- The server runs every /storage/v1 request as the caller's role, so these policies are the whole
-- access model; the same file protects a hosted Supabase project.

-- Helpers read the caller's current auth.users row (never the token's metadata), so a demoted
-- or banned account loses its rights at once. SECURITY DEFINER because anon/authenticated may
-- not read auth.users; search_path is pinned so nothing can shadow the tables.
create or replace function storage.caller_is_admin() returns boolean
  language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.users u
    where u.id = auth.uid()
      and u.raw_app_meta_data ->> 'role' = 'admin'
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

create or replace function storage.caller_may_upload() returns boolean
  language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.users u
    where u.id = auth.uid()
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

revoke all on function storage.caller_is_admin(), storage.caller_may_upload() from public;
grant execute on function storage.caller_is_admin(), storage.caller_may_upload() to anon, authenticated, service_role;

-- Buckets ---------------------------------------------------------------------------------------
drop policy if exists "storage buckets: public ones are visible, admins see all" on storage.buckets;
create policy "storage buckets: public ones are visible, admins see all" on storage.buckets
  for select to anon, authenticated
  using (public or (select storage.caller_is_admin()));

drop policy if exists "storage buckets: admins create" on storage.buckets;
create policy "storage buckets: admins create" on storage.buckets
  for insert to authenticated
  with check ((select storage.caller_is_admin()));

drop policy if exists "storage buckets: admins update" on storage.buckets;
create policy "storage buckets: admins update" on storage.buckets
  for update to authenticated
  using ((select storage.caller_is_admin()))
  with check ((select storage.caller_is_admin()));

drop policy if exists "storage buckets: admins delete" on storage.buckets;
create policy "storage buckets: admins delete" on storage.buckets
  for delete to authenticated
  using ((select storage.caller_is_admin()));

-- Objects in project-images ---------------------------------------------------------------------
drop policy if exists "project-images: anyone reads" on storage.objects;
create policy "project-images: anyone reads" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'project-images');

drop policy if exists "project-images: signed-in users upload as themselves" on storage.objects;
create policy "project-images: signed-in users upload as themselves" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'project-images'
    and owner = (select auth.uid())
    and (select storage.caller_may_upload())
  );

drop policy if exists "project-images: owners overwrite" on storage.objects;
create policy "project-images: owners overwrite" on storage.objects
  for update to authenticated
  using (bucket_id = 'project-images' and owner = (select auth.uid()))
  with check (
    bucket_id = 'project-images'
    and owner = (select auth.uid())
    and (select storage.caller_may_upload())
  );

drop policy if exists "project-images: owners delete" on storage.objects;
create policy "project-images: owners delete" on storage.objects
  for delete to authenticated
  using (bucket_id = 'project-images' and owner = (select auth.uid()));

-- Admins moderate: they read and delete anything; in the buckets they create (not project-images,
-- where only owners overwrite) they also upload and overwrite.
drop policy if exists "storage objects: admins read all" on storage.objects;
create policy "storage objects: admins read all" on storage.objects
  for select to authenticated
  using ((select storage.caller_is_admin()));

drop policy if exists "storage objects: admins delete all" on storage.objects;
create policy "storage objects: admins delete all" on storage.objects
  for delete to authenticated
  using ((select storage.caller_is_admin()));

drop policy if exists "storage objects: admins write other buckets" on storage.objects;
create policy "storage objects: admins write other buckets" on storage.objects
  for insert to authenticated
  with check (bucket_id <> 'project-images' and (select storage.caller_is_admin()));

drop policy if exists "storage objects: admins overwrite other buckets" on storage.objects;
create policy "storage objects: admins overwrite other buckets" on storage.objects
  for update to authenticated
  using (bucket_id <> 'project-images' and (select storage.caller_is_admin()))
  with check (bucket_id <> 'project-images' and (select storage.caller_is_admin()));

-- Policies filter on owner; (bucket_id, name) is already indexed by the unique constraint.
create index if not exists objects_owner_idx on storage.objects (owner);

-- The bucket the submission form uploads to (spec §7 and §9).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('project-images', 'project-images', true, 5242880,
        array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;
