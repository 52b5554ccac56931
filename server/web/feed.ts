import { escapeXml, truncate } from './escape.ts';
import type { PublicProject } from './public-data.ts';

export interface FeedSite {
  name: string;
  description: string;
  origin: string;
  /** Where this feed lives (its atom:link self), '/feed.xml' unless given. */
  selfPath?: string;
  /** The channel's page, '/' unless given. */
  pagePath?: string;
}

/** What an item of a feed says of its project; `created_at` is the item's date (pubDate). */
export type FeedProject = Pick<PublicProject, 'id' | 'title' | 'description' | 'creator_name' | 'created_at'>;

/**
 * RSS 2.0 of projects, newest first: the site's feed, a tag's, a collection's. Every value is
 * XML-escaped.
 */
export function renderFeed<P extends FeedProject>(site: FeedSite, projects: readonly P[]): string {
  const items = projects.map((p) => {
    const link = `${site.origin}/projects/${p.id}`;
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(truncate(p.description, 500))}</description>`,
      ...(p.creator_name ? [`      <dc:creator>${escapeXml(p.creator_name)}</dc:creator>`] : []),
      `      <pubDate>${new Date(p.created_at).toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n');
  });
  const updated = projects[0] ? new Date(projects[0].created_at) : new Date();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(site.name)}</title>`,
    `    <link>${escapeXml(`${site.origin}${site.pagePath ?? '/'}`)}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    '    <language>en-us</language>',
    `    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${site.origin}${site.selfPath ?? '/feed.xml'}`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
