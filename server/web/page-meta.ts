import type { AnonReads } from '../security/caller.ts';
import { truncate } from './escape.ts';
import type { PageMeta } from './index-html.ts';
import { findPublicCreator, findPublicProject, type SiteIdentity } from './public-data.ts';
import { creatorStructuredData, leaderboardStructuredData, projectStructuredData } from './structured-data.ts';
import { leaderboardEntries } from '../launches/launches.ts';
import { findTagName } from '../tags/tag-data.ts';
import { LEADERBOARD_ROWS } from '../../domain/first-screen.ts';
import { parsePeriod, sqlPeriod, type Period } from '../../domain/launch-periods.ts';
import { isAppPath, matchPublicRoute, normalizePath } from '../../domain/public-routes.ts';
import { parseSubject, type Subject } from '../previews/subjects.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../previews/draw.ts';
import { oembedDiscoveryHref } from '../embeds/oembed.ts';

/** Where a page's preview image comes from (server/previews: Previews.urlFor). */
export interface PreviewUrls {
  urlFor(subject: Subject, origin: string): Promise<string | undefined>;
}

/** The subject of a page's preview image (decision 251): a project, creator, tag, leaderboard, or the winners. */
function previewSubject(path: string): Subject | undefined {
  const matched = matchPublicRoute(path);
  if (!matched) return undefined;
  const { route, params } = matched;
  if (route.metaFrom === 'project') return parseSubject('project', params.id ?? '');
  if (route.metaFrom === 'creator') return parseSubject('maker', params.id ?? '');
  if (route.metaFrom === 'tag') {
    try {
      return parseSubject('tag', decodeURIComponent(params.slug ?? ''));
    } catch {
      return undefined;
    }
  }
  if (route.metaFrom === 'leaderboard') return parseSubject('leaderboard', `${params.kind}/${params.value}`);
  if (route.path === 'winners') return parseSubject('winners', '');
  return undefined;
}

/** The meta of a drawn preview image: its URL, its size and its text. */
function previewImage(image: string | undefined, alt: string): Pick<PageMeta, 'image' | 'imageWidth' | 'imageHeight' | 'imageAlt'> {
  return image ? { image, imageWidth: PREVIEW_WIDTH, imageHeight: PREVIEW_HEIGHT, imageAlt: truncate(alt, 300) } : {};
}

/**
 * OG cards for leaderboard archive pages (issue 16), from the route's parameters; a period the
 * page itself would not show (domain/launch-periods.ts parsePeriod) is not a page.
 */
function leaderboardMeta({ kind, value = '' }: Readonly<Record<string, string>>): { period: Period; title: string; description: string } | undefined {
  const period = parsePeriod(kind, value);
  if (!period) return undefined;
  const name = kind === 'daily' ? 'Daily' : kind === 'weekly' ? 'Weekly' : 'Monthly';
  return { period, title: `${name} leaderboard ${value}`, description: `The top launches of ${value}, ranked by upvotes earned during the period.` };
}

/**
 * A page's one public URL: the public origin (SITE_URL's, or a configured host's, decision 105)
 * and the pathname without trailing slashes; never its query string, so tracking parameters and
 * filters do not make new URLs. The canonical link, og:url and the JSON-LD all use it.
 */
export function canonicalUrl(origin: string, path: string): string {
  return origin + normalizePath(path);
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
export async function resolvePageMeta(read: AnonReads, identity: Promise<SiteIdentity>, origin: string, path: string, previews?: PreviewUrls): Promise<ResolvedPage> {
  const url = canonicalUrl(origin, path);
  const matched = matchPublicRoute(path);
  const from = matched?.route.metaFrom;
  const projectId = from === 'project' ? matched!.params.id! : undefined;
  const creatorId = from === 'creator' ? matched!.params.id! : undefined;
  const tagSlug = from === 'tag' ? matched!.params.slug! : undefined;
  const board = from === 'leaderboard' ? leaderboardMeta(matched!.params) : undefined;
  const subject = previews ? previewSubject(path) : undefined;
  const [site, project, creator, tagName, ranked, preview] = await Promise.all([
    identity,
    projectId ? findPublicProject(read, projectId) : undefined,
    creatorId ? findPublicCreator(read, creatorId) : undefined,
    tagSlug ? findTagName(read, decodeURIComponent(tagSlug)) : undefined,
    // Only the JSON-LD needs the list: without it the page is still the page.
    board ? leaderboardEntries(read, sqlPeriod(board.period.kind), board.period.start, LEADERBOARD_ROWS).catch(() => undefined) : undefined,
    // The preview image is a nicety: a page without it is still the page.
    subject ? previews!.urlFor(subject, origin).catch(() => undefined) : undefined,
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
        ...previewImage(preview, `${project.title}: ${project.description}`),
        type: 'article',
        oembed: { title: `${project.title} on ${site.name}`, href: oembedDiscoveryHref(origin, url) },
        structuredData: projectStructuredData(origin, site, url, project, image),
      },
    };
  }

  if (creatorId) {
    if (!creator) return { meta: { ...base, title: `Creator not found · ${site.name}` }, status: 404 };
    return {
      status: 200,
      meta: {
        ...base,
        title: `${creator.name} · ${site.name}`,
        description: truncate(creator.bio || `Projects by ${creator.name}, built with AI coding tools.`, 200),
        ...previewImage(preview, `${creator.name} on ${site.name}`),
        type: 'profile',
        structuredData: creatorStructuredData(origin, site, url, creator),
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
        ...previewImage(preview, `#${tagName}: projects on ${site.name}`),
        feed: { title: `${site.name}: #${tagName}`, href: `${normalizePath(path)}/feed.xml` },
      },
    };
  }

  if (from === 'leaderboard') {
    if (!board) return { meta: { ...base, title: `Page not found · ${site.name}` }, status: 404 };
    const structuredData = ranked ? leaderboardStructuredData(origin, site, url, board.title, ranked.entries, ranked.shuffled) : undefined;
    return {
      status: 200,
      meta: { ...base, title: `${board.title} · ${site.name}`, description: board.description, image: `${origin}/placeholder.svg`, ...previewImage(preview, `${board.title} on ${site.name}`), structuredData },
    };
  }

  // A path the app has no page for shows its not-found page, sent as a 404 (issue 30, L2).
  if (!isAppPath(path)) return { meta: { ...base, title: `Page not found · ${site.name}` }, status: 404 };
  const meta = staticPageMeta(site, url, path);
  return { status: 200, meta: { ...meta, ...previewImage(preview, `${meta.title}: Projects of the Day, Week and Month`) } };
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
