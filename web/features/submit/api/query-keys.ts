/** Every query key of the submit feature, in one place. */
export const submitKeys = {
  /** The coming launch days' counts and caps, for the day picker. */
  launchDayCounts: ['launches', 'day-counts'] as const,
};
