/**
 * Richer projects (issue 17): the limits, video hosts and share links web and server share. The
 * database checks the same limits and link shapes (db/migrations/0170_richer_projects.sql);
 * change both.
 */
import { TOOLS } from './catalog.ts';

export const MAX_PROJECT_TAGS = 5;
export const MAX_PROJECT_IMAGES = 6;
/** An image's description for screen readers (project_images_alt_length in the database). */
export const MAX_IMAGE_ALT_LENGTH = 200;
/** Every tool of the catalogue may be named once. */
export const MAX_PROJECT_TOOLS = TOOLS.length;
/** "More like this" shows this many cards. */
export const RELATED_PROJECTS_COUNT = 4;

export const RICHER_MESSAGES = {
  tooManyTags: `A project can have at most ${MAX_PROJECT_TAGS} tags`,
  tooManyImages: `A project can have at most ${MAX_PROJECT_IMAGES} images`,
  unknownTag: 'Unknown tag: choose one from the list',
  unknownTool: 'Unknown tool: choose Lovable, Cursor or Bolt',
  badVideoUrl: 'Video links must be YouTube, Vimeo or Loom links',
  linkCopied: 'Link copied',
} as const;

/** The hosts whose players may be framed: the CSP's frame-src lists exactly these. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube.com', 'https://player.vimeo.com', 'https://www.loom.com'] as const;

export type VideoHost = 'youtube' | 'vimeo' | 'loom';
export interface VideoEmbed {
  host: VideoHost;
  id: string;
  /** The player to frame, started on the visitor's click. */
  embedUrl: string;
}

const VIDEO_PATTERNS: Array<[VideoHost, RegExp]> = [
  ['youtube', /^https:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/],
  ['youtube', /^https:\/\/youtu\.be\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/],
  ['youtube', /^https:\/\/(?:www\.)?youtube\.com\/(?:embed|shorts)\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/],
  ['vimeo', /^https:\/\/(?:www\.)?vimeo\.com\/([0-9]{1,12})(?:[/?#].*)?$/],
  ['loom', /^https:\/\/(?:www\.)?loom\.com\/(?:share|embed)\/([0-9a-f]{32})(?:[?#].*)?$/],
];

/** The player for a YouTube, Vimeo or Loom link, or null for anything else (as the database decides). */
export function parseVideoUrl(url: string | null | undefined): VideoEmbed | null {
  const value = (url ?? '').trim();
  if (!value || value.length > 2048) return null;
  for (const [host, pattern] of VIDEO_PATTERNS) {
    const id = pattern.exec(value)?.[1];
    if (!id) continue;
    const embedUrl =
      host === 'youtube'
        ? `https://www.youtube.com/embed/${id}?autoplay=1`
        : host === 'vimeo'
          ? `https://player.vimeo.com/video/${id}?autoplay=1`
          : `https://www.loom.com/embed/${id}?autoplay=1`;
    return { host, id, embedUrl };
  }
  return null;
}

/** Share links for a page: the page's own URL and nothing added (no tracking parameters). */
export function shareLinks(url: string, title: string): { x: string; linkedin: string; email: string } {
  const u = encodeURIComponent(url);
  return {
    x: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${u}`,
  };
}

/** The page URL to share: origin and path only, so no query string (utm_… or otherwise) travels on. */
export function canonicalShareUrl(href: string): string {
  const parsed = new URL(href);
  return `${parsed.origin}${parsed.pathname}`;
}
