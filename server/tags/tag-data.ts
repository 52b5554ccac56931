import type { AnonReads } from '../security/caller.ts';
import type { PublicProject } from '../web/public-data.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const isSlug = (slug: string) => SLUG.test(slug) && slug.length <= 40;

/** A tag's name, read as a visitor; undefined for no such tag (the page's meta tags and status). */
export async function findTagName(read: AnonReads, slug: string): Promise<string | undefined> {
  if (!isSlug(slug)) return undefined;
  return read(async (tx) => (await tx.query<{ name: string }>('select name from public.tags where slug = $1', [slug])).rows[0]?.name);
}

/** A tag and its newest approved projects, read as a visitor (RLS applies); undefined for no such tag. */
export async function tagFeedData(read: AnonReads, slug: string, limit: number): Promise<{ name: string; projects: PublicProject[] } | undefined> {
  if (!isSlug(slug)) return undefined;
  return read(async (tx) => {
      const tag = (await tx.query<{ id: string; name: string }>('select id, name from public.tags where slug = $1', [slug])).rows[0];
      if (!tag) return undefined;
      const { rows } = await tx.query<PublicProject>(
        `select p.id, p.title, p.description, p.long_description, p.image_url, p.created_at, p.updated_at, c.name as creator_name
           from public.project_tags pt
           join public.projects p on p.id = pt.project_id
           left join public.creators c on c.id = p.creator_id
          where pt.tag_id = $1 and showcase_private.is_launched(p.status, p.launched_at)
          order by p.created_at desc, p.id desc
          limit $2`,
        [tag.id, limit],
      );
      return { name: tag.name, projects: rows };
    });
}
