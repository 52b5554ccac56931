import type { AnonReads } from '../security/caller.ts';
import { truncate } from './escape.ts';
import type { PageMeta } from './index-html.ts';
import { findPublicProject, type SiteIdentity } from './public-data.ts';
import { findTagName } from '../tags/tag-data.ts';
import { isAppPath, matchPublicRoute, normalizePath } from '../../domain/public-routes.ts';

/** OG cards for leaderboard archive pages (issue 16), from the route's parameters; a malformed period is not a page. */
function leaderboardMeta({ kind, value = '' }: Readonly<Record<string, string>>): { title: string; description: string } | undefined {
  const ok =
    (kind === 'daily' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) ||
    (kind === 'weekly' && /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/.test(value)) ||
    (kind === 'monthly' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value));
  if (!ok) return undefined;
  const name = kind === 'daily' ? 'Daily' : kind === 'weekly' ? 'Weekly' : 'Monthly';
  return { title: `${name} leaderboard ${value}`, description: `The top launches of ${value}, ranked by upvotes earned during the period.` };
}

export interface ResolvedPage {
  meta: PageMeta;
  /** 404 for a project that does not exist (or is not public), so crawlers drop the URL. */
  status: 200 | 404;
}

/**
 * Meta tags for a path; project pages are looked up as `anon`. The page's own read starts at once,
 * beside the site identity's (a page has one deadline for all its reads).
 */
export async function resolvePageMeta(read: AnonReads, identity: Promise<SiteIdentity>, origin: string, path: string): Promise<ResolvedPage> {
  const url = origin + path;
  const matched = matchPublicRoute(path);
  const from = matched?.route.metaFrom;
  const projectId = from === 'project' ? matched!.params.id! : undefined;
  const tagSlug = from === 'tag' ? matched!.params.slug! : undefined;
  const [site, project, tagName] = await Promise.all([
    identity,
    projectId ? findPublicProject(read, projectId) : undefined,
    tagSlug ? findTagName(read, decodeURIComponent(tagSlug)) : undefined,
  ]);
  const base: PageMeta = { title: site.name, description: site.description, url };

  if (projectId) {
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

  if (tagSlug) {
    if (!tagName) return { meta: { ...base, title: `Tag not found · ${site.name}` }, status: 404 };
    return {
      status: 200,
      meta: {
        ...base,
        title: `#${tagName} · ${site.name}`,
        description: `Projects tagged ${tagName}, built with AI coding tools.`,
        feed: { title: `${site.name}: #${tagName}`, href: `${normalizePath(path)}/feed.xml` },
      },
    };
  }

  if (from === 'leaderboard') {
    const board = leaderboardMeta(matched!.params);
    if (!board) return { meta: { ...base, title: `Page not found · ${site.name}` }, status: 404 };
    return { status: 200, meta: { ...base, title: `${board.title} · ${site.name}`, description: board.description, image: `${origin}/placeholder.svg` } };
  }

  // A path the app has no page for shows its not-found page, sent as a 404 (issue 30, L2).
  if (!isAppPath(path)) return { meta: { ...base, title: `Page not found · ${site.name}` }, status: 404 };
  return { status: 200, meta: staticPageMeta(site, url, path) };
}

/** The meta a page has without reading anything but the site's identity (the registry's title). */
export function staticPageMeta(site: SiteIdentity, url: string, path: string): PageMeta {
  const route = matchPublicRoute(path)?.route;
  if (!route?.title) return { title: site.name, description: site.description, url };
  return { title: `${route.title} · ${site.name}`, description: route.description ?? site.description, url };
}

/** Whether a path's meta (and its status) come from the database. */
export function metaNeedsData(path: string): boolean {
  return matchPublicRoute(path)?.route.metaFrom !== undefined;
}
