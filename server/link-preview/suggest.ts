import { clip, githubRepoOf, type AutofillFields } from '../../domain/autofill.ts';
import { TEXT_LIMITS } from '../../domain/limits.ts';
import type { PageIcon, PageMetadata } from './extract.ts';

/** What a web app manifest says that auto-fill uses. */
export interface ManifestFacts {
  name?: string;
  description?: string;
  icons: PageIcon[];
}

export interface PageSuggestion {
  fields: AutofillFields;
  /** Image addresses to try, best first (Open Graph, Twitter card, JSON-LD). */
  images: string[];
  favicon?: string;
}

const first = (...values: Array<string | undefined>) => values.map((v) => v?.trim()).find((v): v is string => Boolean(v));

/** A repository link as the form stores it: https://github.com/owner/name. */
export function canonicalRepoUrl(raw: string): string | undefined {
  const repo = githubRepoOf(raw);
  return repo ? `https://github.com/${repo.owner}/${repo.name}` : undefined;
}

/** The biggest icon by its declared size (an apple-touch-icon is usually the best drawn). */
function bestIcon(icons: PageIcon[]): string | undefined {
  const size = (icon: PageIcon) => Math.max(0, ...(icon.sizes ?? '').split(/\s+/).map((s) => Number(s.split('x')[0]) || 0));
  return [...icons].sort((a, b) => size(b) - size(a))[0]?.href;
}

/**
 * The form's fields from one page: its name (the site's name before a page's title), its short
 * description cut to the form's limit, the full text as the detailed description when it is longer,
 * and the first repository link.
 */
export function suggestFromPage(meta: PageMetadata, pageUrl: string, manifest?: ManifestFacts): PageSuggestion {
  const fields: AutofillFields = {};
  const title = first(meta.og.site_name, manifest?.name, meta.jsonLd.name, meta.og.title, meta.twitter.title, meta.title);
  if (title) fields.title = clip(title, TEXT_LIMITS.title);
  const descriptions = [meta.og.description, meta.twitter.description, meta.description, meta.jsonLd.description, manifest?.description]
    .map((d) => d?.trim())
    .filter((d): d is string => Boolean(d));
  if (descriptions[0]) fields.description = clip(descriptions[0], TEXT_LIMITS.description);
  const longest = [...descriptions].sort((a, b) => b.length - a.length)[0];
  if (longest && longest.length > TEXT_LIMITS.description) fields.longDescription = clip(longest, TEXT_LIMITS.longDescription);
  const repo = meta.githubUrl ? canonicalRepoUrl(meta.githubUrl) : undefined;
  if (repo) fields.githubUrl = repo;
  fields.liveUrl = pageUrl;

  const images = [meta.og['image:secure_url'], meta.og.image, meta.og['image:url'], meta.twitter.image, meta.twitter['image:src'], meta.jsonLd.image]
    .map((href) => {
      if (!href) return undefined;
      try {
        return new URL(href, pageUrl).href;
      } catch {
        return undefined;
      }
    })
    .filter((href, i, all): href is string => Boolean(href) && all.indexOf(href) === i && /^https?:/.test(href!));

  const favicon = bestIcon(meta.icons) ?? bestIcon(manifest?.icons ?? []) ?? new URL('/favicon.ico', pageUrl).href;
  return { fields, images, favicon };
}

/** A manifest's name, description and icons, whatever else it holds; anything malformed is ignored. */
export function readManifest(body: string, manifestUrl: string): ManifestFacts | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const m = parsed as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 4_000) : undefined);
  const icons: PageIcon[] = [];
  if (Array.isArray(m.icons)) {
    for (const icon of m.icons.slice(0, 20)) {
      const src = str((icon as Record<string, unknown> | null)?.src);
      if (!src) continue;
      try {
        const href = new URL(src, manifestUrl).href;
        if (/^https?:/.test(href)) icons.push({ href, rel: 'manifest', sizes: str((icon as Record<string, unknown>).sizes) });
      } catch {
        // Not an address: skipped.
      }
    }
  }
  return { name: str(m.name) ?? str(m.short_name), description: str(m.description), icons };
}
