/** Every query key of the search feature (a key factory). */
export const searchKeys = {
  /** The header's suggestions for one (normalized) text. */
  suggest: (q: string) => ['search-suggest', q] as const,
};
