-- The search API (issue 34 items 1 and 2, decisions 232–233): three functions a hosted-Supabase
-- deployment serves the same way, since ranking cannot be said in PostgREST's parameters.
--   search_projects(q, filters…, sort, row_limit, row_offset)  a page of ranked projects, the total,
--                                                             highlights and a "did you mean"
--   search_facets(q, filters…)                                counts per tool, tag, category, period
--   search_suggest(q, row_limit)                              names of projects, makers, tags, tools
-- All run as the caller (SECURITY INVOKER) over showcase_private.searchable_projects, i.e. exactly
-- the projects public.project_listing shows: a pending, rejected or not yet launched project is in
-- no result, suggestion or count, for anyone.
--
-- The functions that compare trigrams find pg_trgm's operators on the path public, extensions
-- (where hosted Supabase keeps extensions); the others use an empty path.
--
-- Bounded work: q is cut to 200 characters; websearch_to_tsquery accepts any text (quotes, -word,
-- or; unbalanced quotes, punctuation and emoji are words or nothing, stop words alone are an empty
-- query that matches nothing); no regular expression is built from q; every match is found through
-- the GIN index of the documents or the trigram indexes of the names; a page is at most 100 rows
-- and starts before row 10,000; facets count at most the first 1,000 matches (and say so). The
-- caller's statement timeout applies on Postgres (server/security/caller.ts).

-- Projects matching q under the list's filters: the full-text matches (exact), and only when those
-- are thin (fewer than 3) also projects whose name, a tag or the maker's name is close to q by
-- trigram word similarity (≥ 0.6, pg_trgm's default), ranked after every exact match.
create or replace function showcase_private.search_matches(
  q text, tools text[], tags text[], category text, featured boolean, period text
) returns table (id uuid, rank real, exact boolean)
language plpgsql stable security invoker set search_path = public, extensions as $$
declare
  query tsquery := websearch_to_tsquery('showcase_private.search_english', left(coalesce(q, ''), 200));
  key text := left(showcase_private.search_key(left(coalesce(q, ''), 200)), 200);
  want_tools text[] := coalesce(tools, '{}');
  want_tags text[] := coalesce(tags, '{}');
  found int;
begin
  return query
    select s.id, ts_rank(s.document, query), true
      from showcase_private.searchable_projects s
     where s.document @@ query
       and s.status = 'approved'
       and (cardinality(want_tools) = 0 or s.tools && want_tools)
       and (cardinality(want_tags) = 0 or s.tag_slugs @> want_tags)
       and (search_matches.category is null or s.category = search_matches.category)
       and (not coalesce(search_matches.featured, false) or s.featured)
       and case coalesce(period, 'all') when 'today' then s.created_today when 'week' then s.created_this_week
                                        when 'month' then s.created_this_month else true end;
  get diagnostics found = row_count;
  if found >= 3 or char_length(coalesce(key, '')) < 3 then
    return;
  end if;
  return query
    select s.id, (0.01 * max(c.sim))::real, false
      from (
        select p.id, word_similarity(key, p.title_key) as sim
          from showcase_private.searchable_projects p where key <% p.title_key
        union all
        select pg.project_id, word_similarity(key, showcase_private.search_key(t.name))
          from public.tags t join public.project_tags pg on pg.tag_id = t.id
         where key <% showcase_private.search_key(t.name)
        union all
        select p.id, word_similarity(key, showcase_private.search_key(c.name))
          from public.creators c join showcase_private.searchable_projects p on p.creator_id = c.id
         where key <% showcase_private.search_key(c.name)
      ) c
      join showcase_private.searchable_projects s on s.id = c.id
     where not (s.document @@ query)
       and s.status = 'approved'
       and (cardinality(want_tools) = 0 or s.tools && want_tools)
       and (cardinality(want_tags) = 0 or s.tag_slugs @> want_tags)
       and (search_matches.category is null or s.category = search_matches.category)
       and (not coalesce(search_matches.featured, false) or s.featured)
       and case coalesce(period, 'all') when 'today' then s.created_today when 'week' then s.created_this_week
                                        when 'month' then s.created_this_month else true end
     group by s.id
     limit 100;
end $$;

-- "Did you mean": the listed name (a project's, a tag's or a maker's) closest to q, when it is not
-- q itself. Only names of projects the list shows.
create or replace function showcase_private.search_did_you_mean(q text) returns text
language sql stable security invoker set search_path = public, extensions as $$
  with key as (select left(showcase_private.search_key(left(coalesce(q, ''), 200)), 200) as k)
  select n.label
    from key, lateral (
      select p.title as label, word_similarity(key.k, p.title_key) as ws, similarity(key.k, p.title_key) as s
        from showcase_private.searchable_projects p where key.k <% p.title_key
      union all
      select t.name, word_similarity(key.k, showcase_private.search_key(t.name)), similarity(key.k, showcase_private.search_key(t.name))
        from public.tags t
       where key.k <% showcase_private.search_key(t.name)
         and exists (select 1 from showcase_private.searchable_projects p where t.slug = any (p.tag_slugs))
      union all
      select c.name, word_similarity(key.k, showcase_private.search_key(c.name)), similarity(key.k, showcase_private.search_key(c.name))
        from public.creators c
       where key.k <% showcase_private.search_key(c.name)
         and exists (select 1 from showcase_private.searchable_projects p where p.creator_id = c.id)
    ) n
   where char_length(key.k) >= 3 and showcase_private.search_key(n.label) <> key.k
   order by n.ws desc, n.s desc, n.label
   limit 1
$$;

-- Text with the matches of query between \x02 and \x03 (and no other \x02 or \x03): the SPA shows
-- it as text, marking what lies between; it never becomes HTML (decision 232).
create or replace function showcase_private.search_highlight(value text, query tsquery) returns text
language sql stable security invoker set search_path = '' as $$
  select ts_headline('showcase_private.search_english', translate(value, chr(2) || chr(3), ''), query,
                     'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', HighlightAll=true')
$$;

create or replace function public.search_projects(
  q text,
  tools text[] default '{}',
  tags text[] default '{}',
  category text default null,
  featured boolean default false,
  period text default 'all',
  sort text default 'relevance',
  row_limit integer default 24,
  row_offset integer default 0
) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with args as (
    select websearch_to_tsquery('showcase_private.search_english', left(coalesce(q, ''), 200)) as query,
           case when sort in ('newest', 'top', 'trending') then sort else 'relevance' end as sort,
           least(greatest(coalesce(row_limit, 24), 1), 100) as page_size,
           least(greatest(coalesce(row_offset, 0), 0), 10000) as skip
  ),
  hits as materialized (
    select m.id, max(m.rank) as rank, bool_or(m.exact) as exact
      from showcase_private.search_matches(q, tools, tags, category, featured, period) m
     group by m.id
  ),
  ordered as (
    select h.id, h.rank, row_number() over (order by
             case when args.sort = 'relevance' then h.exact end desc nulls last,
             case when args.sort = 'relevance' then h.rank end desc nulls last,
             case when args.sort = 'trending' then s.trending_score end desc nulls last,
             case when args.sort in ('top', 'relevance') then s.points end desc nulls last,
             s.created_at desc, s.id desc) as n
      from hits h cross join args join showcase_private.searchable_projects s on s.id = h.id
  ),
  page as (
    select o.* from ordered o, args where o.n > args.skip and o.n <= args.skip + args.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from hits),
    'suggestion', case when (select count(*) from hits where exact) < 3 then showcase_private.search_did_you_mean(q) end,
    'projects', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'title', s.title, 'description', s.description, 'image_url', s.image_url,
               'live_url', s.live_url, 'github_url', s.github_url, 'tool', s.tool, 'category', s.category,
               'creator_id', s.creator_id, 'created_at', s.created_at, 'featured', s.featured,
               'upvotes', s.upvotes, 'comment_count', s.comment_count, 'creator_name', s.creator_name,
               'creator_bio', s.creator_bio, 'tools', s.tools, 'tags', s.tags, 'award', s.award,
               'rank', p.rank,
               'title_highlight', showcase_private.search_highlight(s.title, args.query),
               'description_highlight', showcase_private.search_highlight(s.description, args.query))
             order by p.n)
        from page p cross join args join showcase_private.searchable_projects s on s.id = p.id), '[]'::jsonb))
$$;

create or replace function public.search_facets(
  q text,
  tools text[] default '{}',
  tags text[] default '{}',
  category text default null,
  featured boolean default false,
  period text default 'all'
) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with hits as (
    select s.tools, s.tags, s.category, s.created_today, s.created_this_week, s.created_this_month
      from (select m.id from showcase_private.search_matches(q, tools, tags, category, featured, period) m limit 1001) m
      join showcase_private.searchable_projects s on s.id = m.id
  ),
  counted as (select * from hits limit 1000)
  select jsonb_build_object(
    'matched', (select count(*) from counted),
    'capped', (select count(*) from hits) > 1000,
    'tools', coalesce((select jsonb_agg(jsonb_build_object('value', t.value, 'count', t.n) order by t.n desc, t.value)
                         from (select tool as value, count(*) as n from counted, unnest(counted.tools) tool group by tool) t), '[]'::jsonb),
    'tags', coalesce((select jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name, 'count', t.n) order by t.n desc, t.name)
                        from (select e->>'slug' as slug, e->>'name' as name, count(*) as n
                                from counted, jsonb_array_elements(counted.tags) e group by 1, 2 order by 3 desc, 2 limit 30) t), '[]'::jsonb),
    'categories', coalesce((select jsonb_agg(jsonb_build_object('value', c.category, 'count', c.n) order by c.n desc, c.category)
                              from (select counted.category, count(*) as n from counted group by counted.category) c), '[]'::jsonb),
    'periods', jsonb_build_array(
      jsonb_build_object('value', 'today', 'count', (select count(*) from counted where created_today)),
      jsonb_build_object('value', 'week', 'count', (select count(*) from counted where created_this_week)),
      jsonb_build_object('value', 'month', 'count', (select count(*) from counted where created_this_month)),
      jsonb_build_object('value', 'all', 'count', (select count(*) from counted)))
  )
$$;

create or replace function public.search_suggest(q text, row_limit integer default 8)
returns table (kind text, label text, value text)
language sql stable security invoker set search_path = public, extensions as $$
  with input as (
    select left(showcase_private.search_key(left(coalesce(q, ''), 200)), 100) as k,
           least(greatest(coalesce(row_limit, 8), 1), 20) as n
  ),
  pattern as (
    select k, n, replace(replace(replace(k, '\', '\\'), '%', '\%'), '_', '\_') || '%' as prefix from input
  ),
  found as (
    (select 'project'::text as kind, p.title as label, p.id::text as value,
            (p.title_key like pattern.prefix) as starts, word_similarity(pattern.k, p.title_key) as sim, p.points as weight
       from pattern, showcase_private.searchable_projects p
      where char_length(pattern.k) >= 2 and (p.title_key like pattern.prefix or pattern.k <% p.title_key)
      order by 4 desc, 5 desc, 6 desc limit 20)
    union all
    (select 'maker', c.name, c.id::text, showcase_private.search_key(c.name) like pattern.prefix,
            word_similarity(pattern.k, showcase_private.search_key(c.name)), 0
       from pattern, public.creators c
      where char_length(pattern.k) >= 2
        and (showcase_private.search_key(c.name) like pattern.prefix or pattern.k <% showcase_private.search_key(c.name))
        and exists (select 1 from showcase_private.searchable_projects p where p.creator_id = c.id)
      order by 4 desc, 5 desc, 2 limit 20)
    union all
    (select 'tag', t.name, t.slug, showcase_private.search_key(t.name) like pattern.prefix,
            word_similarity(pattern.k, showcase_private.search_key(t.name)), 0
       from pattern, public.tags t
      where char_length(pattern.k) >= 2
        and (showcase_private.search_key(t.name) like pattern.prefix or pattern.k <% showcase_private.search_key(t.name))
        and exists (select 1 from showcase_private.searchable_projects p where t.slug = any (p.tag_slugs))
      order by 4 desc, 5 desc, 2 limit 20)
    union all
    (select 'tool', tool, tool, lower(tool) like pattern.prefix, word_similarity(pattern.k, lower(tool)), 0
       from pattern, unnest(array['Lovable', 'Cursor', 'Bolt']) tool
      where char_length(pattern.k) >= 2 and (lower(tool) like pattern.prefix or pattern.k <% lower(tool))
        and exists (select 1 from showcase_private.searchable_projects p where tool = any (p.tools)))
  )
  select f.kind, f.label, f.value
    from found f, input
   order by f.starts desc, f.sim desc, f.weight desc, f.kind, f.label
   limit (select n from input)
$$;

revoke all on function showcase_private.search_matches(text, text[], text[], text, boolean, text) from public;
revoke all on function showcase_private.search_did_you_mean(text) from public;
revoke all on function showcase_private.search_highlight(text, tsquery) from public;
grant execute on function showcase_private.search_matches(text, text[], text[], text, boolean, text) to anon, authenticated, service_role;
grant execute on function showcase_private.search_did_you_mean(text) to anon, authenticated, service_role;
grant execute on function showcase_private.search_highlight(text, tsquery) to anon, authenticated, service_role;

revoke all on function public.search_projects(text, text[], text[], text, boolean, text, text, integer, integer) from public;
revoke all on function public.search_facets(text, text[], text[], text, boolean, text) from public;
revoke all on function public.search_suggest(text, integer) from public;
grant execute on function public.search_projects(text, text[], text[], text, boolean, text, text, integer, integer) to anon, authenticated, service_role;
grant execute on function public.search_facets(text, text[], text[], text, boolean, text) to anon, authenticated, service_role;
grant execute on function public.search_suggest(text, integer) to anon, authenticated, service_role;
