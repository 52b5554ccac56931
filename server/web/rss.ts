import { escapeXml } from './escape.ts';

/** A channel of an RSS 2.0 feed; links are absolute. */
export interface RssChannel {
  title: string;
  link: string;
  description: string;
  /** The feed's own address (atom:link rel="self"). */
  self: string;
  language?: string;
  lastBuildDate?: Date;
}

export interface RssItem {
  title: string;
  link: string;
  /** A permalink guid is the item's link; any other names the item for good. */
  guid: { value: string; isPermaLink: boolean };
  description: string;
  creator?: string | null;
  category?: string;
  pubDate: Date;
}

/** The one writer of RSS 2.0 documents (the site's, a tag's, a collection's and the winners' feeds); every value is XML-escaped. */
export function rssDocument(channel: RssChannel, items: readonly RssItem[]): string {
  const lines = (item: RssItem) => [
    '    <item>',
    `      <title>${escapeXml(item.title)}</title>`,
    `      <link>${escapeXml(item.link)}</link>`,
    `      <guid isPermaLink="${item.guid.isPermaLink}">${escapeXml(item.guid.value)}</guid>`,
    `      <description>${escapeXml(item.description)}</description>`,
    ...(item.creator ? [`      <dc:creator>${escapeXml(item.creator)}</dc:creator>`] : []),
    ...(item.category ? [`      <category>${escapeXml(item.category)}</category>`] : []),
    `      <pubDate>${item.pubDate.toUTCString()}</pubDate>`,
    '    </item>',
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    ...(channel.language ? [`    <language>${escapeXml(channel.language)}</language>`] : []),
    ...(channel.lastBuildDate ? [`    <lastBuildDate>${channel.lastBuildDate.toUTCString()}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml" />`,
    ...items.flatMap(lines),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
