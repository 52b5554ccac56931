import { jsonForScript } from './escape.ts';
import type { PublicCreator, PublicProjectPage, SiteIdentity } from './public-data.ts';

/**
 * schema.org JSON-LD for the pages the server draws (issue 33, decision 235), for crawlers: a
 * project is a SoftwareApplication, a maker's page a ProfilePage about a Person, a leaderboard an
 * ItemList; each with its breadcrumbs. Everything in it comes from the same anon reads as the
 * page's meta, so it says no more than the page shows.
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** Only absolute http(s) URLs are worth a crawler's time (a stored path or data: URL is not). */
const httpUrl = (value: string | null | undefined): string | undefined => (value && /^https?:\/\//i.test(value) ? value : undefined);

export const creatorUrl = (origin: string, id: string) => `${origin}/creators/${id}`;
export const projectUrl = (origin: string, id: string) => `${origin}/projects/${id}`;

/** `<script type="application/ld+json">` per item, escaped like the first screen's JSON (titles are user text). */
export function structuredDataElements(items: readonly JsonLd[] | undefined): string[] {
  return (items ?? []).map((item) => `<script type="application/ld+json">${jsonForScript(item)}</script>`);
}

/** Crumbs from the home page down to the page itself (its own URL last). */
export function breadcrumbs(origin: string, site: SiteIdentity, trail: readonly { name: string; url: string }[]): JsonLd {
  const crumbs = [{ name: site.name, url: `${origin}/` }, ...trail];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * A project: its makers as authors (owner first, then co-makers), launch and edit dates, and its
 * upvotes and comments as interaction counts. Never an AggregateRating: an upvote is not a rating,
 * and there is no scale to rate on.
 */
export function projectStructuredData(origin: string, site: SiteIdentity, url: string, project: PublicProjectPage, image: string | undefined): JsonLd[] {
  const links = [project.live_url, project.github_url].map(httpUrl).filter((link): link is string => link !== undefined);
  const makers = project.makers.length > 0 ? project.makers : project.creator_name ? [{ id: '', name: project.creator_name }] : [];
  const app: JsonLd = {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: project.title,
    description: project.description || undefined,
    url,
    image,
    applicationCategory: project.category,
    // Every category here (website, app, dashboard, shop, portfolio, blog) runs in a browser.
    operatingSystem: 'Web',
    // The live demo and the repository the page links to: the same thing elsewhere.
    sameAs: links.length > 0 ? links : undefined,
    keywords: project.tools.length > 0 ? project.tools.join(', ') : undefined,
    author: makers.map((m) => ({ '@type': 'Person', name: m.name, url: m.id ? creatorUrl(origin, m.id) : undefined })),
    datePublished: isoDate(project.launched_at ?? project.created_at),
    dateModified: isoDate(project.updated_at),
    interactionStatistic: [
      { '@type': 'InteractionCounter', interactionType: `${CONTEXT}/LikeAction`, userInteractionCount: project.upvotes },
      { '@type': 'InteractionCounter', interactionType: `${CONTEXT}/CommentAction`, userInteractionCount: project.comment_count },
    ],
  };
  return [withoutUndefined(app), breadcrumbs(origin, site, [{ name: 'Projects', url: `${origin}/projects` }, { name: project.title, url }])];
}

/** A maker's page: a ProfilePage whose main entity is the Person. */
export function creatorStructuredData(origin: string, site: SiteIdentity, url: string, creator: PublicCreator): JsonLd[] {
  const links = creator.links.map(httpUrl).filter((link): link is string => link !== undefined);
  const person: JsonLd = {
    '@type': 'Person',
    '@id': `${url}#person`,
    name: creator.name,
    alternateName: creator.handle ? `@${creator.handle}` : undefined,
    description: creator.bio || undefined,
    image: httpUrl(creator.avatar_url),
    url,
    sameAs: links.length > 0 ? links : undefined,
  };
  const page: JsonLd = {
    '@context': CONTEXT,
    '@type': 'ProfilePage',
    name: `${creator.name} · ${site.name}`,
    url,
    dateCreated: isoDate(creator.created_at),
    mainEntity: withoutUndefined(person),
  };
  return [withoutUndefined(page), breadcrumbs(origin, site, [{ name: creator.name, url }])];
}

export interface LeaderboardEntry {
  id: string;
  title: string;
}

/**
 * A leaderboard: its projects in the order the page lists them. While a day's order is shuffled
 * (its first hours, decision 161) the list says it is unordered rather than claim a ranking.
 */
export function leaderboardStructuredData(origin: string, site: SiteIdentity, url: string, title: string, entries: readonly LeaderboardEntry[], shuffled: boolean): JsonLd[] {
  const list: JsonLd = {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: title,
    url,
    itemListOrder: `${CONTEXT}/${shuffled ? 'ItemListUnordered' : 'ItemListOrderDescending'}`,
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, i) => ({ '@type': 'ListItem', position: i + 1, url: projectUrl(origin, entry.id), name: entry.title })),
  };
  return [list, breadcrumbs(origin, site, [{ name: 'Winners', url: `${origin}/winners` }, { name: title, url }])];
}

function isoDate(value: string | Date): string {
  return new Date(value).toISOString();
}

/** JSON.stringify drops undefined members anyway; this keeps the objects tidy for tests and merging. */
function withoutUndefined(value: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
