/** Every query key of the profile page, in one place. */
export const profileKeys = {
  bio: (userId: string | undefined) => ['profile', 'bio', userId] as const,
  /** The account's verified two-factor factors (decision 241). */
  factors: (userId: string | undefined) => ['profile', 'factors', userId] as const,
  /** How many unused two-factor recovery codes the account has (decision 243). */
  recoveryCodes: (userId: string | undefined) => ['profile', 'recovery-codes', userId] as const,
  /** The member's @handle (decision 228). */
  handle: (userId: string | undefined) => ['profile', 'handle', userId] as const,
  /**
   * Every cached comment thread, which shows the author's name: a rename refetches it. The comments
   * feature owns this prefix (['comments', projectId]); it is named here until that feature, being
   * reshaped in parallel, exports its own key factory through its index.ts.
   */
  comments: ['comments'] as const,
};

/** The creator row's links (the avatar and links panel, decision 226). */
export const profileExtrasKeys = {
  links: (userId: string | undefined) => ['profile', 'links', userId] as const,
};
