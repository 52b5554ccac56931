import { readFileSync, statSync } from 'node:fs';
import { escapeHtml } from './escape.ts';
import { structuredDataElements, type JsonLd } from './structured-data.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute http(s) image URL. */
  image?: string;
  /** The image's size and text, when the server drew it (a preview image, decision 251). */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  type?: 'website' | 'article' | 'profile';
  /** schema.org JSON-LD about the page (server/web/structured-data.ts, decision 235). */
  structuredData?: readonly JsonLd[];
  /** An RSS feed of this page's items (a tag's), for feed readers to discover. */
  feed?: { title: string; href: string };
  /** The page's oEmbed endpoint (a project's, decision 259), for consumers to discover. */
  oembed?: { title: string; href: string };
}

export interface RuntimeConfig {
  supabaseUrl: string;
  anonKey: string;
  /** Where auth e-mails and OAuth should bring the browser back (server/auth/redirects.ts authReturnOrigin). */
  authReturnOrigin: string;
  /** The host outbound links carry as ?ref= ('' for none; decision 237). */
  outboundRef: string;
}

/** index.html from the build, re-read when the file changes (a rebuild while the server runs). */
export class IndexHtml {
  private cached?: { mtimeMs: number; html: string };

  constructor(private readonly path: string) {}

  read(): string | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      return undefined;
    }
    if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: readFileSync(this.path, 'utf8') };
    return this.cached.html;
  }
}

/**
 * Writes the backend's address, the anon key and the auth return origin (read by web/lib/env.ts), and the page's title,
 * description, OpenGraph and Twitter tags into index.html, and the route's extras (its first
 * screen's data and preload hints, decision 201). Every value is HTML-escaped.
 */
export interface PageExtras {
  /** Preload hints, for the end of <head>. */
  head?: string;
  /** The app's first screen drawn by the server, inside the root element (decision 203). */
  root?: string;
  /** The first screen's data, right after the app's root element. */
  body?: string;
}

export function renderIndexHtml(html: string, runtime: RuntimeConfig, meta: PageMeta, extras: PageExtras = {}): string {
  const tags = [
    `<meta name="supabase-url" content="${escapeHtml(runtime.supabaseUrl)}" />`,
    `<meta name="supabase-anon-key" content="${escapeHtml(runtime.anonKey)}" />`,
    `<meta name="auth-return-origin" content="${escapeHtml(runtime.authReturnOrigin)}" />`,
    `<meta name="outbound-ref" content="${escapeHtml(runtime.outboundRef)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.image && meta.imageWidth && meta.imageHeight
      ? [`<meta property="og:image:width" content="${meta.imageWidth}" />`, `<meta property="og:image:height" content="${meta.imageHeight}" />`]
      : []),
    ...(meta.image && meta.imageAlt ? [`<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.image ? [`<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.image && meta.imageAlt ? [`<meta name="twitter:image:alt" content="${escapeHtml(meta.imageAlt)}" />`] : []),
    ...structuredDataElements(meta.structuredData),
    ...(meta.oembed ? [`<link rel="alternate" type="application/json+oembed" title="${escapeHtml(meta.oembed.title)}" href="${escapeHtml(meta.oembed.href)}" />`] : []),
    ...(meta.feed ? [`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(meta.feed.title)}" href="${escapeHtml(meta.feed.href)}" />`] : []),
    ...(extras.head ? [extras.head] : []),
  ].join('\n    ');

  // Replacement functions, so a "$&" in a title is inserted literally.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${extras.root ?? ''}</div>${extras.body ?? ''}`);
}

/**
 * index.html without the build's `<link rel="modulepreload">` hints, for a page whose first screen
 * the server drew (decision 203): the scripts are no longer on the way to its first paint, and
 * Chromium held that paint until every preloaded module had been fetched and compiled (bench:web
 * measured /signin's first paint at 2.2 s with them, 0.2 s without).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
}

/**
 * The response's CSP nonce for styles the app injects (web/lib/style-nonce.ts reads it). It goes
 * at the end of the body, after everything the page cache keeps (decision 206): each response
 * appends its own to a cached copy. The app's scripts run once the document is parsed, so they
 * find it there.
 */
export function styleNonceTag(nonce: string): string {
  return `<meta name="csp-nonce" content="${escapeHtml(nonce)}" />`;
}
