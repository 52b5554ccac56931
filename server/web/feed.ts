import { truncate } from './escape.ts';
import { rssDocument } from './rss.ts';
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
  return rssDocument(
    {
      title: site.name,
      link: `${site.origin}${site.pagePath ?? '/'}`,
      description: site.description,
      self: `${site.origin}${site.selfPath ?? '/feed.xml'}`,
      language: 'en-us',
      lastBuildDate: projects[0] ? new Date(projects[0].created_at) : new Date(),
    },
    projects.map((p) => {
      const link = `${site.origin}/projects/${p.id}`;
      return {
        title: p.title,
        link,
        guid: { value: link, isPermaLink: true },
        description: truncate(p.description, 500),
        creator: p.creator_name,
        pubDate: new Date(p.created_at),
      };
    }),
  );
}
