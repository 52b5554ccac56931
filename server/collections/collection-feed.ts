import { isUuid } from '../../domain/ids.ts';
import type { AnonReads } from '../security/caller.ts';
import { renderFeed } from '../web/feed.ts';

/**
 * RSS 2.0 of a public collection (issue 18, decision 182): /collections/{id}/feed.xml. Read as
 * `anon` through the same RLS policies as the API, so a private collection, and a project its
 * reader could not see, never appear; an unknown or private collection is a 404.
 */
export const COLLECTION_FEED_SIZE = 50;

interface FeedCollection {
  id: string;
  name: string;
  description: string | null;
  owner_name: string | null;
}

interface FeedItem {
  id: string;
  title: string;
  description: string;
  creator_name: string | null;
  added_at: string;
}

export async function readPublicCollection(read: AnonReads, id: string): Promise<{ collection: FeedCollection; items: FeedItem[] } | undefined> {
  if (!isUuid(id)) return undefined;
  return read(async (tx) => {
      const found = await tx.query<FeedCollection>(
        `select c.id, c.name, c.description, cr.name as owner_name
           from public.collections c left join public.creators cr on cr.id = c.owner_id
          where c.id = $1 and c.is_public`,
        [id],
      );
      const collection = found.rows[0];
      if (!collection) return undefined;
      const { rows } = await tx.query<FeedItem>(
        `select p.id, p.title, p.description, cr.name as creator_name, i.added_at
           from public.collection_items i
           join public.projects p on p.id = i.project_id
           left join public.creators cr on cr.id = p.creator_id
          where i.collection_id = $1 and showcase_private.is_launched(p.status, p.launched_at)
          order by i.added_at desc, p.id desc limit $2`,
        [id, COLLECTION_FEED_SIZE],
      );
      return { collection, items: rows };
    });
}

/** The collection's feed, through the site's one RSS writer: items are its projects, newest addition first. */
export function renderCollectionFeed(origin: string, siteName: string, collection: FeedCollection, items: FeedItem[]): string {
  const by = collection.owner_name ? ` by ${collection.owner_name}` : '';
  const page = `/collections/${collection.id}`;
  return renderFeed(
    { name: collection.name, description: collection.description || `A collection${by} on ${siteName}`, origin, pagePath: page, selfPath: `${page}/feed.xml` },
    items.map((p) => ({ id: p.id, title: p.title, description: p.description, creator_name: p.creator_name, created_at: p.added_at })),
  );
}
