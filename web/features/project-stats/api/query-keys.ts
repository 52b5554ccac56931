/** Every query key of a project's stats page, in one place. */
export const projectStatsKeys = {
  all: ['project-stats'] as const,
  page: (projectId: string, days: number) => ['project-stats', projectId, days] as const,
};
