/**
 * The query keys of shared browser code, in one place (each feature's are in its own
 * `api/query-keys.ts`). Features that refetch one of these import it from here.
 */
export const sharedKeys = {
  /** The public site settings (name, theme, sign-up, moderation); the admin's Settings page refetches them on save. */
  siteSettings: ['site-settings'] as const,
  authSettings: ['auth', 'settings'] as const,
  /** Whether the signed-in account is banned now (suspended-account-watch.tsx); a refused write refetches every copy. */
  allBanned: ['auth', 'banned'] as const,
  banned: (userId: string | undefined) => ['auth', 'banned', userId] as const,
  /** Under ['admin']: refetched with the staff console (the admin feature's `adminKeys.all`). */
  staffRole: (userId: string | undefined) => ['admin', 'staff-role', userId] as const,
  /**
   * A project's comment threads. The comments feature reads them; shared code holds the key because
   * live "new comments" (live/live.ts) refetches them and shared code cannot import a feature.
   */
  allComments: ['comments'] as const,
  comments: (projectId: string) => ['comments', projectId] as const,
};
