import { z } from 'zod';
import { site } from './site.ts';

/**
 * A person's display name and profile links (issue 30, decision 226): the one set of rules the
 * sign-up form, the account page and the server read. The database mirrors them exactly
 * (showcase_private.display_name_problem and creators_profile_check, migration 0285), so a
 * caller that skips this code is refused with the same words.
 */
export const DISPLAY_NAME_MAX = 50;
export const PROFILE_LINKS_MAX = 3;
export const PROFILE_LINK_MAX_LENGTH = 300;

export const DISPLAY_NAME_MESSAGES = {
  length: `Display name must be 1 to ${DISPLAY_NAME_MAX} characters`,
  characters: 'Display name cannot contain control or text-direction characters',
  reserved: 'That display name is reserved. Please choose another',
} as const;

export const PROFILE_LINK_MESSAGES = {
  count: `You can add at most ${PROFILE_LINKS_MAX} links`,
  url: 'Links must start with http:// or https://',
} as const;

/** C0/C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Lower-cased letters only, digits read as the letters they imitate: "Adm1n", "A.D.M.I.N" → "admin". */
export function normalizeForReserved(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[0134578@$!|]/g, (c) => ({ '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l' })[c] ?? c)
    .replace(/[^a-z]/g, '');
}

export const RESERVED_DISPLAY_NAMES: readonly string[] = ['admin', 'administrator', 'moderator', normalizeForReserved(site.name)];

/** The first rule a name breaks (after trimming), or null when it may be shown. */
export function displayNameProblem(raw: string): string | null {
  const name = raw.trim();
  if (FORBIDDEN.test(name)) return DISPLAY_NAME_MESSAGES.characters;
  const length = [...name].length;
  if (length < 1 || length > DISPLAY_NAME_MAX) return DISPLAY_NAME_MESSAGES.length;
  if (RESERVED_DISPLAY_NAMES.includes(normalizeForReserved(name))) return DISPLAY_NAME_MESSAGES.reserved;
  return null;
}

export const displayNameSchema = z
  .string()
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const HTTP_URL = /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?([/?#]\S*)?$/i;

export function profileLinksProblem(links: readonly string[]): string | null {
  if (links.length > PROFILE_LINKS_MAX) return PROFILE_LINK_MESSAGES.count;
  if (links.some((l) => !HTTP_URL.test(l) || l.length > PROFILE_LINK_MAX_LENGTH)) return PROFILE_LINK_MESSAGES.url;
  return null;
}

export const profileLinksSchema = z
  .array(z.string().transform((s) => s.trim()))
  .transform((links) => links.filter((l) => l !== ''))
  .superRefine((links, ctx) => {
    const problem = profileLinksProblem(links);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
