-- "More like this" (issue 17) and the gallery's reorder, as RPCs.

-- Approved projects like `target`: ranked by shared tags and tools (a shared tag counts twice,
-- tags say more than three tools can), then the same category, then points and age. One
-- statement over a bounded candidate set, each part found through an index: projects sharing a
-- tag (project_tags_tag_idx), the newest 50 in the same category (projects_category_created_at_idx)
-- and the newest 50 with the same primary tool (projects_tool_created_at_idx).
-- Invoker rights: the caller reads `target`'s tags under the usual policies.
create or replace function public.related_projects(target uuid, max_rows integer default 4)
returns setof public.project_listing
language sql stable set search_path = '' as $$
  with me as (
    select p.id, p.category, p.tool from public.projects p where p.id = target
  ), my_tags as (
    select pt.tag_id from public.project_tags pt where pt.project_id = target
  ), my_tools as (
    select pt.tool from public.project_tools pt where pt.project_id = target
  ), candidates as (
    select pt.project_id as id from public.project_tags pt where pt.tag_id in (select tag_id from my_tags)
    union
    (select p.id from public.projects p, me where p.category = me.category and p.status = 'approved'
      order by p.created_at desc limit 50)
    union
    (select p.id from public.projects p, me where p.tool = me.tool and p.status = 'approved'
      order by p.created_at desc limit 50)
  )
  select l.*
    from public.project_listing l
    join candidates c on c.id = l.id
    cross join me
   where l.id <> target
   order by 2 * (select count(*) from public.project_tags pt where pt.project_id = l.id and pt.tag_id in (select tag_id from my_tags))
              + (select count(*) from public.project_tools pt where pt.project_id = l.id and pt.tool in (select tool from my_tools)) desc,
            (l.category = me.category) desc,
            l.points desc, l.created_at desc, l.id
   limit least(greatest(coalesce(max_rows, 4), 1), 12)
$$;
revoke all on function public.related_projects(uuid, integer) from public;
grant execute on function public.related_projects(uuid, integer) to anon, authenticated, service_role;

-- Gallery › reorder: the images of `target` in the order given (the first is the cover), in one
-- statement under the caller's policies (project_images_update).
create or replace function public.reorder_project_images(target uuid, image_ids uuid[])
returns void
language plpgsql set search_path = '' as $$
begin
  if image_ids is null or cardinality(image_ids) > 6
     or (select count(distinct x) from unnest(image_ids) x) <> cardinality(image_ids) then
    raise exception 'Give each of the project''s images once (at most 6)' using errcode = '22023';
  end if;
  update public.project_images i
     set position = array_position(image_ids, i.id) - 1
   where i.project_id = target and i.id = any (image_ids);
end $$;
revoke all on function public.reorder_project_images(uuid, uuid[]) from public;
grant execute on function public.reorder_project_images(uuid, uuid[]) to authenticated, service_role;
