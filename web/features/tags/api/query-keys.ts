/**
 * The tags feature's query keys. A tag's page sits under ['projects'] so a vote patches its cards
 * like any other list (and the server-drawn page primes exactly this key).
 */
export const tagKeys = {
  page: (slug: string) => ['projects', 'tag', slug] as const,
  /** The tags the signed-in member follows (decision 229). */
  follows: ['tag-follows'] as const,
  followsOf: (userId: string | null) => ['tag-follows', userId] as const,
};
