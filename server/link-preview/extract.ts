import { Parser } from 'htmlparser2';
import { githubRepoOf } from '../../domain/autofill.ts';

/**
 * Reads what a page says about itself: <title>, meta description, Open Graph, Twitter cards,
 * JSON-LD (name, description, image), the manifest's address, its icons and the first link to a
 * GitHub repository. Bounded (decision 262): at most MAX_TAGS tags are looked at, each value is cut
 * to MAX_VALUE characters, and at most MAX_JSON_LD scripts of MAX_JSON_LD_CHARS are read, so a
 * page of 10,000 meta tags costs no more than one of a hundred.
 */

export const MAX_TAGS = 2_000;
const MAX_VALUE = 4_000;
const MAX_JSON_LD = 5;
const MAX_JSON_LD_CHARS = 64 * 1024;
const CHUNK = 16 * 1024;

export interface PageIcon {
  href: string;
  rel: string;
  sizes?: string;
}

export interface PageMetadata {
  title?: string;
  description?: string;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: { name?: string; description?: string; image?: string };
  manifestUrl?: string;
  icons: PageIcon[];
  /** The first link on the page to a GitHub repository, as written. */
  githubUrl?: string;
  /** Whether the tag cap stopped the reading. */
  capped: boolean;
}

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const cut = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, MAX_VALUE);

/** The first string among a JSON-LD value that may be a string, an object with url, or a list. */
function ldString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return ldString(value[0]);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return ldString(o.url ?? o.contentUrl ?? o['@id']);
  }
  return undefined;
}

/** The JSON-LD node that names the thing the page is about (a WebSite, SoftwareApplication …). */
function readJsonLd(raw: string, into: PageMetadata['jsonLd'], base: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return;
  }
  const nodes: unknown[] = [];
  const collect = (v: unknown) => {
    if (Array.isArray(v)) v.slice(0, 20).forEach(collect);
    else if (v && typeof v === 'object') {
      nodes.push(v);
      const graph = (v as Record<string, unknown>)['@graph'];
      if (Array.isArray(graph)) graph.slice(0, 20).forEach(collect);
    }
  };
  collect(parsed);
  for (const node of nodes) {
    const o = node as Record<string, unknown>;
    const name = typeof o.name === 'string' ? o.name : undefined;
    const description = typeof o.description === 'string' ? o.description : undefined;
    if (!into.name && name) into.name = cut(name);
    if (!into.description && description) into.description = cut(description);
    if (!into.image) into.image = absolute(ldString(o.image ?? o.logo ?? o.screenshot), base);
  }
}

export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const meta: PageMetadata = { og: {}, twitter: {}, jsonLd: {}, icons: [], capped: false };
  let base = pageUrl;
  let tags = 0;
  let stopped = false;
  let inHead = true;
  let titleText: string | null = null;
  let ldText: string | null = null;
  let ldRead = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stopped) return;
        if (++tags > MAX_TAGS) {
          meta.capped = true;
          stopped = true;
          return;
        }
        if (name === 'body') inHead = false;
        if (name === 'a' && !meta.githubUrl && attribs.href) {
          const href = absolute(attribs.href, base);
          if (href && githubRepoOf(href)) meta.githubUrl = href;
          return;
        }
        if (name === 'script' && (attribs.type ?? '').toLowerCase() === 'application/ld+json' && ldRead < MAX_JSON_LD) {
          ldText = '';
          return;
        }
        if (!inHead) return;
        if (name === 'base' && attribs.href) base = absolute(attribs.href, pageUrl) ?? base;
        else if (name === 'title' && meta.title === undefined) titleText = '';
        else if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? '').toLowerCase().trim();
          const content = attribs.content;
          if (!key || content === undefined) return;
          if (key === 'description' && meta.description === undefined) meta.description = cut(content);
          else if (key.startsWith('og:') && !(key in meta.og)) meta.og[key.slice(3)] = cut(content);
          else if (key.startsWith('twitter:') && !(key in meta.twitter)) meta.twitter[key.slice(8)] = cut(content);
        } else if (name === 'link') {
          const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
          const href = absolute(attribs.href, base);
          if (!href) return;
          if (rel.includes('manifest')) meta.manifestUrl ??= href;
          else if (rel.includes('icon') || rel.includes('apple-touch-icon')) {
            if (meta.icons.length < 20) meta.icons.push({ href, rel: rel.join(' '), sizes: attribs.sizes });
          }
        }
      },
      ontext(data) {
        if (titleText !== null && titleText.length < MAX_VALUE) titleText += data;
        if (ldText !== null) {
          if (ldText.length + data.length > MAX_JSON_LD_CHARS) ldText = null;
          else ldText += data;
        }
      },
      onclosetag(name) {
        if (name === 'title' && titleText !== null) {
          meta.title = cut(titleText);
          titleText = null;
        } else if (name === 'script' && ldText !== null) {
          ldRead++;
          readJsonLd(ldText, meta.jsonLd, base);
          ldText = null;
        } else if (name === 'head') inHead = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for (let at = 0; at < html.length && !stopped; at += CHUNK) parser.write(html.slice(at, at + CHUNK));
  if (!stopped) parser.end();
  return meta;
}
