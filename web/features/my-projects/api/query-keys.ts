/** Every query key of a maker's own projects, in one place. */
export const myProjectsKeys = {
  /** Every cached copy, whoever's: what a new or changed project refetches. */
  all: ['my-projects'] as const,
  mine: (userId: string | undefined) => ['my-projects', userId] as const,
  coMade: (userId: string | undefined) => ['my-projects', userId, 'co-made'] as const,
};
