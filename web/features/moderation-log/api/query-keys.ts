/** The public moderation log's query keys, one factory. */
export const moderationLogKeys = {
  all: ['moderation-log'] as const,
  page: (page: number) => ['moderation-log', 'page', page] as const,
  isPublic: ['moderation-log', 'public'] as const,
};
