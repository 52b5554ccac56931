/**
 * The creators feature's query keys. A creator's page sits under ['projects'] so a vote patches
 * its cards like any other list (and the server-drawn page primes exactly this key).
 */
export const creatorKeys = {
  page: (id: string) => ['projects', 'creator', id] as const,
  /** Under ['projects'] too: a vote or an award changes them. */
  stats: (id: string) => ['projects', 'creator-stats', id] as const,
};
