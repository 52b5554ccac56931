-- Origins this installation has served under -------------------------------------------------
-- Image URLs are stored absolute (the spec's getPublicUrl() call, and the http(s) rule on
-- projects.image_url), under the public origin of the day they were written. When the site moves
-- (another port, a domain), our server rewrites URLs of its own storage that start with one of
-- these origins to the origin of the request, as it answers (server/storage/public-urls.ts);
-- images hosted anywhere else are left as they are. On hosted Supabase this table stays empty and
-- nothing is rewritten. The server adds its SITE_URL on every start.
create table if not exists platform.site_origins (
  origin text primary key check (origin ~ '^https?://[^/?#]+$'),
  first_seen timestamptz not null default now()
);
revoke all on platform.site_origins from public;

-- Existing rows: the origins of image and avatar URLs that point at an object this database
-- holds were this server's own.
insert into platform.site_origins (origin)
select distinct substring(u.url from '^(https?://[^/?#]+)/storage/v1/object/public/')
  from (select image_url as url from public.projects
        union all select avatar_url from public.creators) u
 where u.url ~ '^https?://[^/?#]+/storage/v1/object/public/[^/]+/.'
   and exists (
     select 1 from storage.objects o
      where o.bucket_id = split_part(substring(u.url from '/storage/v1/object/public/(.*)$'), '/', 1)
        and o.name = substring(u.url from '/storage/v1/object/public/[^/]+/(.*)$'))
on conflict (origin) do nothing;
