/**
 * Every number the product enforces, in one place for the web app and the server. The text
 * maxima are also check constraints in db/migrations/0003_showcase_tables.sql; change both.
 */

/** SPEC §9: 5MB, the project-images bucket's file_size_limit. */
export const IMAGE_MAX_BYTES = 5_242_880;
/** SPEC §9: the bucket's allowed types. */
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_BUCKET = 'project-images';
/** SPEC §9: storage cache 3600 seconds. */
export const STORAGE_CACHE_SECONDS = 3600;

export const TEXT_LIMITS = {
  title: 100,
  /** SPEC §5: the short description is at most 200 characters. */
  description: 200,
  longDescription: 10_000,
  url: 2048,
  creatorName: 100,
  bio: 1000,
  comment: 2000,
  rejectionReason: 500,
} as const;
export const SHORT_DESCRIPTION_MAX = TEXT_LIMITS.description;

/** SPEC §9: the client-side limiter, 60 requests per 60 seconds per key. */
export const CLIENT_RATE_LIMIT = { requests: 60, windowMs: 60_000 } as const;

/**
 * Home list (SPEC §2/§9): featured projects first, then at most 8 non-featured ones. "All
 * featured" is capped at 24 so the page stays bounded however many get featured.
 */
export const HOME_FEATURED_LIMIT = 24;
export const HOME_NON_FEATURED_LIMIT = 8;
/** The All Projects page loads this many cards per page. */
export const PROJECTS_PAGE_SIZE = 24;

/** SPEC §2/§9: loading skeleton rows. */
export const HOME_SKELETON_ROWS = 5;
export const MY_PROJECTS_SKELETON_ROWS = 3;

/** SPEC §4: a new project starts with 0 upvotes and is not featured. */
export const INITIAL_UPVOTES = 0;
