import { z } from 'zod';
import { TEXT_LIMITS } from './limits.ts';

/**
 * Auto-fill of the submit form from a URL (issue 35 item 1, decision 261): what the app sends to
 * the `autofill` function and what it gets back. Suggestions only: the server saves nothing, and
 * the form fills only fields the maker left empty.
 */

export const autofillRequestSchema = z.object({
  url: z
    .string({ error: 'Paste the address of your project’s site or its GitHub repository.' })
    .trim()
    .min(1, 'Paste the address of your project’s site or its GitHub repository.')
    .max(TEXT_LIMITS.url, 'This address is too long.'),
});

const text = (max: number) => z.string().max(max).optional();

/** The public facts of a GitHub repository, as its API gave them. */
export const autofillRepositorySchema = z.object({
  fullName: z.string(),
  description: z.string().nullable(),
  topics: z.array(z.string()),
  stars: z.number().int().nonnegative(),
  license: z.string().nullable(),
  pushedAt: z.string().nullable(),
  homepage: z.string().nullable(),
});

export const autofillResultSchema = z.object({
  /** The page the suggestions came from, after redirects. */
  source: z.string(),
  /** Suggested form values; a field is absent when nothing was found for it. */
  fields: z.object({
    title: text(TEXT_LIMITS.title),
    description: text(TEXT_LIMITS.description),
    longDescription: text(TEXT_LIMITS.longDescription),
    liveUrl: text(TEXT_LIMITS.url),
    githubUrl: text(TEXT_LIMITS.url),
  }),
  /**
   * The preview image, fetched and checked by the server and handed back as bytes, which the form
   * uploads through the normal upload path when the maker submits: never a remote URL to hot-link.
   */
  image: z.object({ type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']), base64: z.string(), width: z.number(), height: z.number() }).optional(),
  /** The site's icon (link rel=icon, the manifest's, or /favicon.ico), as an address only. */
  favicon: z.string().optional(),
  repository: autofillRepositorySchema.optional(),
  /** What could not be used, in plain words (an image too large, a repository not found …). */
  notes: z.array(z.string()),
});

export type AutofillResult = z.infer<typeof autofillResultSchema>;
export type AutofillFields = AutofillResult['fields'];
export type AutofillRepository = z.infer<typeof autofillRepositorySchema>;

/** The field names the form shows in "Filled from …", in the form's order. */
export const AUTOFILL_FIELD_LABELS: Readonly<Record<keyof AutofillFields | 'image', string>> = {
  title: 'Project title',
  description: 'Short description',
  longDescription: 'Detailed description',
  image: 'Project image',
  liveUrl: 'Live demo URL',
  githubUrl: 'GitHub URL',
};

/** Cuts text to `max` characters at a word where it can, with an ellipsis. */
export function clip(value: string, max: number): string {
  const clean = value.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** owner/name of a public GitHub repository URL (github.com/owner/name, any page under it), or null. */
export function githubRepoOf(raw: string): { owner: string; name: string } | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!['github.com', 'www.github.com'].includes(url.hostname.toLowerCase())) return null;
  const [owner, name] = url.pathname.split('/').filter(Boolean);
  if (!owner || !name) return null;
  const repo = name.replace(/\.git$/i, '');
  // GitHub's own rules: owners are letters, digits and single hyphens; names add dots and underscores.
  if (!/^[a-z\d](?:[a-z\d-]{0,38})$/i.test(owner) || !/^[\w.-]{1,100}$/.test(repo) || repo === '.' || repo === '..') return null;
  return { owner, name: repo };
}
