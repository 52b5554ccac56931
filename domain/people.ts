/**
 * Issue 18 (people and discussion): the numbers and words web and database share.
 * The database enforces each of them too (db/migrations/0180–0183).
 */

/** Top-level comments load this many at a time ("Show more"); replies come with their thread. */
export const COMMENTS_PAGE_SIZE = 50;
/** At most this many replies are loaded with one page of threads. */
export const REPLIES_PER_PAGE_LIMIT = 500;
export type CommentSort = 'best' | 'newest';
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = { best: 'Best', newest: 'Newest' };

/** A project's owner may have at most this many co-maker invitations waiting (0183). */
export const MAX_PENDING_INVITATIONS = 10;
/** Collection names and descriptions (0182's check constraints). */
export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 500;
/** /following and collection pages list this many projects at a time. */
export const PEOPLE_LIST_PAGE_SIZE = 24;

export const PEOPLE_MESSAGES = {
  makerBadge: 'Maker',
  follow: 'Follow',
  following: 'Following',
  mute: 'Mute',
  muted: 'Muted',
  bookmark: 'Bookmark',
  bookmarked: 'Bookmarked',
  showMore: 'Show more',
  reply: 'Reply',
  inviteSent: 'If that address belongs to someone, they have been invited. Otherwise we sent them an invitation to sign up.',
} as const;
