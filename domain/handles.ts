/**
 * Handles and @mentions (issue 30, decision 228): the rules a handle follows, the names nobody may
 * take, and how a mention is found in a comment. The database (db/migrations/0290_handles.sql)
 * enforces the same rules with the same words; the account page uses these to explain them first.
 */
import { site } from './site.ts';

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
/** Lowercase letters, digits and underscores; starts with a letter. Stored lowercase, so unique case-insensitively. */
export const HANDLE_PATTERN = /^[a-z][a-z0-9_]{2,29}$/;
/** At most this many people are notified of a mention in one comment (the first ones written). */
export const MENTIONS_NOTIFIED_MAX = 5;

/**
 * Names nobody may take, alone or followed by digits and underscores (admin, admin_2): staff
 * roles, the app's route names and the site's name. The same list is in the migration.
 */
export const RESERVED_HANDLES: readonly string[] = [
  'admin', 'administrator', 'moderator', 'mod', 'support', 'staff', 'team', 'official', 'help', 'root', 'system',
  'security', 'everyone', 'here', 'null', 'undefined', 'anonymous',
  'api', 'auth', 'rest', 'storage', 'realtime', 'functions',
  'projects', 'project', 'submit', 'submit_project', 'settings', 'profile', 'creators', 'creator', 'makers',
  'people', 'tags', 'tag', 'signin', 'signup', 'signout', 'login', 'logout', 'register', 'welcome', 'notifications',
  'following', 'followers', 'bookmarks', 'collections', 'invitations', 'my_projects', 'upcoming', 'leaderboard',
  'winners', 'launches', 'about', 'blog', 'documentation', 'docs', 'community', 'terms', 'privacy',
  'forgot_password', 'reset_password', 'search', 'feed', 'rss', 'sitemap', 'badge', 'badges',
  'aishowcase', 'ai_showcase', 'showcase',
];

export const HANDLE_MESSAGES = {
  label: 'Handle',
  hint: `People mention you in comments with @handle. ${HANDLE_MIN}–${HANDLE_MAX} characters: lowercase letters, digits and underscores, starting with a letter.`,
  required: 'Choose a handle.',
  invalid: `A handle is ${HANDLE_MIN} to ${HANDLE_MAX} characters: lowercase letters, digits and underscores, starting with a letter.`,
  reserved: 'That handle is reserved. Please choose another.',
  taken: 'That handle is taken. Please choose another.',
  saved: 'Handle saved',
  save: 'Save handle',
} as const;

/** Whether a (lowercased) handle is one nobody may take. */
export function isReservedHandle(handle: string): boolean {
  const base = handle.toLowerCase().replace(/[_0-9]+$/, '');
  const siteName = site.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return RESERVED_HANDLES.includes(base) || RESERVED_HANDLES.includes(handle.toLowerCase()) || base === siteName;
}

/** The handle as it will be stored (trimmed, without a leading @, lowercase), or the reason it cannot be. */
export function checkHandle(input: string): { ok: true; handle: string } | { ok: false; message: string } {
  const handle = input.trim().replace(/^@/, '').toLowerCase();
  if (!handle) return { ok: false, message: HANDLE_MESSAGES.required };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, message: HANDLE_MESSAGES.invalid };
  if (isReservedHandle(handle)) return { ok: false, message: HANDLE_MESSAGES.reserved };
  return { ok: true, handle };
}

/**
 * A mention: @ then a handle, not inside a word or an e-mail address (a@b.com), and not cut out of a
 * longer word. The database's notify_mentions uses the same expression.
 */
export const MENTION_SOURCE = '(?<![A-Za-z0-9_@.])@([A-Za-z][A-Za-z0-9_]{2,29})(?![A-Za-z0-9_])';

/** The distinct handles (lowercase) mentioned in a text, in the order they first appear. */
export function mentionedHandles(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(new RegExp(MENTION_SOURCE, 'g'))) seen.add(match[1]!.toLowerCase());
  return [...seen];
}

/** A text cut into plain parts and mentions, for a renderer that links the mentions (and escapes every part). */
export function splitMentions(text: string): Array<{ text: string; handle?: string }> {
  const parts: Array<{ text: string; handle?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(MENTION_SOURCE, 'g'))) {
    const at = match.index!;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: match[0], handle: match[1]!.toLowerCase() });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
