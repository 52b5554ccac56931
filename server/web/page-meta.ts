import type { Database } from '../db/database.ts';
import { truncate } from './escape.ts';
import type { PageMeta } from './index-html.ts';
import { findPublicProject, type SiteIdentity } from './public-data.ts';
import { findTagName } from './tag-data.ts';

/** Titles for pages that exist without data; the SPA sets the same ones once it runs. */
const STATIC_PAGES: Record<string, { title: string; description?: string }> = {
  '/projects': { title: 'All Projects', description: 'Browse, search and filter projects built with Lovable, Cursor and Bolt.' },
  '/documentation': { title: 'Documentation', description: 'How to submit your project and what makes a great showcase entry.' },
  '/blog': { title: 'Blog', description: 'Stories, tips and news from the AI builder community.' },
  '/community': { title: 'Community', description: 'Discussions, events and resources for makers building with AI.' },
  '/about': { title: 'About', description: 'Why this showcase exists and the people behind it.' },
  '/terms': { title: 'Terms of Service' },
  '/privacy': { title: 'Privacy Policy' },
  '/upcoming': { title: 'Upcoming launches', description: 'Projects scheduled to launch in the coming days.' },
  '/winners': { title: 'Winners', description: 'Projects of the Day, Week and Month.' },
  '/upcoming/confirm': { title: 'Confirm your launch reminder' },
};

/** OG cards for leaderboard archive pages (issue 16); a malformed period is not a page. */
function leaderboardMeta(path: string): { title: string; description: string } | null | undefined {
  const m = /^\/leaderboard\/(daily|weekly|monthly)\/([^/]+)\/?$/.exec(path);
  if (!m) return undefined;
  const [, kind, value] = m;
  const ok =
    (kind === 'daily' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value!)) ||
    (kind === 'weekly' && /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/.test(value!)) ||
    (kind === 'monthly' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value!));
  if (!ok) return null;
  const name = kind === 'daily' ? 'Daily' : kind === 'weekly' ? 'Weekly' : 'Monthly';
  return { title: `${name} leaderboard ${value}`, description: `The top launches of ${value}, ranked by upvotes earned during the period.` };
}

export interface ResolvedPage {
  meta: PageMeta;
  /** 404 for a project that does not exist (or is not public), so crawlers drop the URL. */
  status: 200 | 404;
}

/** Meta tags for a path; project pages are looked up as `anon`. */
export async function resolvePageMeta(db: Database, site: SiteIdentity, origin: string, path: string): Promise<ResolvedPage> {
  const url = origin + path;
  const base: PageMeta = { title: site.name, description: site.description, url };

  const projectId = /^\/projects\/([^/]+)\/?$/.exec(path)?.[1];
  if (projectId) {
    const project = await findPublicProject(db, projectId).catch(() => undefined);
    if (!project) return { meta: { ...base, title: `Project not found · ${site.name}` }, status: 404 };
    const image = project.image_url && /^https?:\/\//i.test(project.image_url) ? project.image_url : `${origin}/placeholder.svg`;
    return {
      status: 200,
      meta: {
        title: `${project.title} · ${site.name}`,
        description: truncate(project.description || project.long_description || site.description, 200),
        url,
        image,
        type: 'article',
      },
    };
  }

  const tagSlug = /^\/tags\/([^/]+)\/?$/.exec(path)?.[1];
  if (tagSlug) {
    const name = await findTagName(db, decodeURIComponent(tagSlug)).catch(() => undefined);
    if (!name) return { meta: { ...base, title: `Tag not found · ${site.name}` }, status: 404 };
    return {
      status: 200,
      meta: { ...base, title: `#${name} · ${site.name}`, description: `Projects tagged ${name}, built with AI coding tools.`, feed: { title: `${site.name}: #${name}`, href: `${path.replace(/\/$/, '')}/feed.xml` } },
    };
  }

  const board = leaderboardMeta(path);
  if (board === null) return { meta: { ...base, title: `Page not found · ${site.name}` }, status: 404 };
  if (board) return { status: 200, meta: { ...base, title: `${board.title} · ${site.name}`, description: board.description, image: `${origin}/placeholder.svg` } };

  const known = STATIC_PAGES[path.replace(/\/$/, '')];
  if (known) return { status: 200, meta: { ...base, title: `${known.title} · ${site.name}`, description: known.description ?? site.description } };
  return { status: 200, meta: base };
}
