import type { Database } from '../db/database.ts';
import type { JwtClaims } from '../security/jwt.ts';
import { asCaller } from '../security/request-auth.ts';
import { escapeXml, truncate } from '../web/escape.ts';

/**
 * RSS 2.0 of a public collection (issue 18, decision 182): /collections/{id}/feed.xml. Read as
 * `anon` through the same RLS policies as the API, so a private collection, and a project its
 * reader could not see, never appear; an unknown or private collection is a 404.
 */
const ANON = { role: 'anon' as const, claims: { role: 'anon' } satisfies JwtClaims };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

export async function readPublicCollection(db: Database, id: string): Promise<{ collection: FeedCollection; items: FeedItem[] } | undefined> {
  if (!UUID.test(id)) return undefined;
  return asCaller(
    db,
    ANON,
    async (tx) => {
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
    },
    { readOnly: true },
  );
}

export function renderCollectionFeed(origin: string, siteName: string, collection: FeedCollection, items: FeedItem[]): string {
  const page = `${origin}/collections/${collection.id}`;
  const entries = items.map((p) => {
    const link = `${origin}/projects/${p.id}`;
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(truncate(p.description, 500))}</description>`,
      ...(p.creator_name ? [`      <dc:creator>${escapeXml(p.creator_name)}</dc:creator>`] : []),
      `      <pubDate>${new Date(p.added_at).toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n');
  });
  const by = collection.owner_name ? ` by ${collection.owner_name}` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(collection.name)}</title>`,
    `    <link>${escapeXml(page)}</link>`,
    `    <description>${escapeXml(collection.description || `A collection${by} on ${siteName}`)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${escapeXml(`${page}/feed.xml`)}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
