import { isUuid } from '../../domain/ids.ts';
import type { AnonReads } from '../security/caller.ts';

/**
 * What the server reads for shared-link previews, the sitemap and the feed. It runs as `anon`
 * through the same RLS policies as the API, so a pending or rejected project never leaks here.
 */

export interface SiteIdentity {
  name: string;
  description: string;
}

/** The site name and description as the admin set them (Settings › General), read as anon. */
export async function readSiteIdentity(read: AnonReads, fallback: SiteIdentity): Promise<SiteIdentity> {
  try {
    const rows = await read(async (tx) =>
        (await tx.query<SiteSettingsRow>('select site_name, site_description from public.site_settings_public'))
          .rows);
    return siteIdentityOf(rows, fallback);
  } catch {
    // Settings are a nicety for previews; a page must still be served when they cannot be read.
    return fallback;
  }
}

interface SiteSettingsRow {
  site_name: string;
  site_description: string;
}

/** The identity in site_settings_public's rows (read by SQL, or by REST for a drawn page); `fallback` without one. */
export function siteIdentityOf(rows: readonly unknown[] | undefined, fallback: SiteIdentity): SiteIdentity {
  const row = rows?.[0] as SiteSettingsRow | undefined;
  return row ? { name: row.site_name, description: row.site_description || fallback.description } : fallback;
}

export interface PublicProject {
  id: string;
  title: string;
  description: string;
  long_description: string | null;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  creator_name: string | null;
}

const PROJECT_COLUMNS = `p.id, p.title, p.description, p.long_description, p.image_url,
  p.created_at, p.updated_at, c.name as creator_name`;

/** What a project's page says about it to crawlers (its meta and JSON-LD), as anon may read it. */
export interface PublicProjectPage extends PublicProject {
  launched_at: string | null;
  live_url: string | null;
  github_url: string | null;
  category: string;
  tools: string[];
  upvotes: number;
  comment_count: number;
  /** The owner first, then accepted co-makers (project_makers, decision 220). */
  makers: { id: string; name: string }[];
}

export async function findPublicProject(read: AnonReads, id: string): Promise<PublicProjectPage | undefined> {
  if (!isUuid(id)) return undefined;
  return read(async (tx) => {
      const { rows } = await tx.query<PublicProjectPage>(
        `select ${PROJECT_COLUMNS}, p.launched_at, p.live_url, p.github_url, p.category, p.upvotes, p.comment_count,
                coalesce((select array_agg(t.tool order by t.tool) from public.project_tools t where t.project_id = p.id), array[p.tool]) as tools,
                coalesce((select json_agg(json_build_object('id', m.user_id, 'name', mc.name) order by m.role desc, m.created_at, m.user_id)
                            from public.project_makers m join public.creators mc on mc.id = m.user_id
                           where m.project_id = p.id), '[]'::json) as makers
           from public.projects p left join public.creators c on c.id = p.creator_id
          where p.id = $1 and showcase_private.is_launched(p.status, p.launched_at)`,
        [id],
      );
      return rows[0];
    });
}

/** A creator's public profile, as anon reads it (their page's meta and JSON-LD); undefined for no such creator. */
export interface PublicCreator {
  id: string;
  name: string;
  handle: string | null;
  bio: string | null;
  avatar_url: string | null;
  links: string[];
  created_at: string;
}

export async function findPublicCreator(read: AnonReads, id: string): Promise<PublicCreator | undefined> {
  if (!isUuid(id)) return undefined;
  return read(async (tx) =>
      (await tx.query<PublicCreator>('select id, name, handle, bio, avatar_url, links, created_at from public.creators where id = $1', [id])).rows[0]);
}

export async function newestPublicProjects(read: AnonReads, limit: number): Promise<PublicProject[]> {
  return read(async (tx) =>
      (
        await tx.query<PublicProject>(
          `select ${PROJECT_COLUMNS} from public.projects p left join public.creators c on c.id = p.creator_id
            where showcase_private.is_launched(p.status, p.launched_at) order by p.launched_at desc, p.id desc limit $1`,
          [limit],
        )
      ).rows);
}

export interface SitemapEntry {
  path: string;
  lastmod: string;
}

export async function sitemapEntries(read: AnonReads, limit: number): Promise<SitemapEntry[]> {
  return read(async (tx) =>
      (
        await tx.query<{ path: string; lastmod: Date | string }>(
          `select '/projects/' || p.id as path, p.updated_at as lastmod
             from public.projects p where showcase_private.is_launched(p.status, p.launched_at)
           union all
           select '/creators/' || p.creator_id, max(p.updated_at)
             from public.projects p where showcase_private.is_launched(p.status, p.launched_at) group by p.creator_id
           union all
           select '/tags/' || t.slug, max(p.updated_at)
             from public.tags t join public.project_tags pt on pt.tag_id = t.id
             join public.projects p on p.id = pt.project_id and showcase_private.is_launched(p.status, p.launched_at)
            group by t.slug
           union all
           select '/leaderboard/' || case w.period when 'day' then 'daily/' || to_char(w.period_start, 'YYYY-MM-DD')
                                                   when 'week' then 'weekly/' || to_char(w.period_start, 'IYYY-"W"IW')
                                                   else 'monthly/' || to_char(w.period_start, 'YYYY-MM') end,
                  max(w.computed_at)
             from public.launch_winners w group by w.period, w.period_start
           order by lastmod desc
           limit $1`,
          [limit],
        )
      ).rows.map((r) => ({ path: r.path, lastmod: new Date(r.lastmod).toISOString() })));
}
