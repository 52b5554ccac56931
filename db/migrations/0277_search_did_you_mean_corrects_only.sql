-- "Did you mean" offers a correction only (decision 232): a name that holds q word for word
-- (word_similarity 1, as "recipe" in "Recipe Radar") is what the search already found, not a
-- correction, and is no longer suggested. Otherwise 0276's function.
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
     -- A name that holds q word for word is no correction ("recipe" in "Recipe Radar").
     and n.ws < 1
   order by n.ws desc, n.s desc, n.label
   limit 1
$$;
