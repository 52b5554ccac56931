import { isUuid } from '../../domain/ids.ts';
import type { Config } from '../config.ts';
import { originForHost } from '../http/origin.ts';
import { escapeHtml } from '../web/escape.ts';
import type { CardProject } from './card-data.ts';
import type { CardTheme } from './card-page.ts';

/** The card's size when the consumer sets no bound (its layout fits any width; decision 259). */
export const CARD_WIDTH = 480;
export const CARD_HEIGHT = 160;

/** The oEmbed path and its discovery link's form, for a project page's absolute URL. */
export const OEMBED_PATH = '/oembed';
export function oembedDiscoveryHref(origin: string, pageUrl: string): string {
  return `${origin}${OEMBED_PATH}?${new URLSearchParams({ url: pageUrl, format: 'json' }).toString()}`;
}

type OriginConfig = Pick<Config, 'SITE_URL' | 'ADDITIONAL_REDIRECT_URLS'>;

/**
 * The project a URL names, when the URL is one of this site's project pages: http(s), no user
 * information, an origin the site is configured to be reached at (the rule that makes pages'
 * public origin, server/http/origin.ts: SITE_URL's, an ADDITIONAL_REDIRECT_URLS host's, a
 * loopback name on a loopback site), and the path /projects/<uuid>. Anything else is undefined
 * (the route's 404): the endpoint never describes, or frames, a page of another site.
 */
export function projectOfUrl(config: OriginConfig, raw: string | undefined): { origin: string; id: string } | undefined {
  if (!raw || raw.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  if (originForHost(config, url.host, url.protocol) !== url.origin) return undefined;
  const id = /^\/projects\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  return id && isUuid(id) ? { origin: url.origin, id: id.toLowerCase() } : undefined;
}

/** A bound from the query: a positive whole number of pixels, else none. */
export function readBound(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,5}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export interface OembedInput {
  origin: string;
  siteName: string;
  project: CardProject;
  /** The project's preview image (server/previews), when it has one. */
  thumbnail?: { url: string; width: number; height: number };
  maxwidth?: number;
  maxheight?: number;
  theme?: CardTheme;
}

/**
 * oEmbed 1.0's `rich` answer: an <iframe> of the card, at most maxwidth × maxheight (the card's
 * layout fits a narrower or shorter frame). The thumbnail, like the resource, must respect the
 * bounds (oEmbed §2.3.4): the preview image is one size, so it is left out when it does not fit.
 */
export function oembedResponse(input: OembedInput): Record<string, string | number> {
  const { origin, project } = input;
  const width = Math.min(CARD_WIDTH, input.maxwidth ?? CARD_WIDTH);
  const height = Math.min(CARD_HEIGHT, input.maxheight ?? CARD_HEIGHT);
  const src = `${origin}/embed/projects/${project.id}${input.theme ? `?theme=${input.theme}` : ''}`;
  const title = `${project.title} on ${input.siteName}`;
  const html =
    `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(title)}" loading="lazy" ` +
    `sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" style="border:0;max-width:100%"></iframe>`;
  const thumb = input.thumbnail;
  const fits = thumb && thumb.width <= (input.maxwidth ?? Infinity) && thumb.height <= (input.maxheight ?? Infinity);
  return {
    version: '1.0',
    type: 'rich',
    provider_name: input.siteName,
    provider_url: `${origin}/`,
    title: project.title,
    ...(project.creator_id ? { author_name: project.maker_name || 'Unknown', author_url: `${origin}/creators/${project.creator_id}` } : {}),
    html,
    width,
    height,
    cache_age: 3600,
    ...(fits ? { thumbnail_url: thumb.url, thumbnail_width: thumb.width, thumbnail_height: thumb.height } : {}),
  };
}
