/**
 * Every query key of the staff console, in one place. All sit under ['admin'], so a review, a
 * moderation or a vote decision refetches the whole console with `adminKeys.all` (the caller's staff
 * role, web/lib/session/use-app-role.ts, sits there too and is refetched with it).
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  activity: (limit: number) => ['admin', 'activity', limit] as const,
  outbox: ['admin', 'outbox'] as const,
  trends: (days: number) => ['admin', 'trends', days] as const,
  backups: ['admin', 'backups'] as const,
  projects: (status: string, page: number) => ['admin', 'projects', status, page] as const,
  reports: (status: string, search: string, page: number) => ['admin', 'reports', status, search, page] as const,
  allUsers: ['admin', 'users'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  allContent: ['admin', 'content'] as const,
  content: (type: string, search: string, page: number) => ['admin', 'content', type, search, page] as const,
  settings: ['admin', 'settings'] as const,
  voteClusters: ['admin', 'votes', 'clusters'] as const,
  voteDiscounts: ['admin', 'votes', 'discounts'] as const,
  auditLog: (actor: string, action: string, from: string, to: string, page: number) => ['admin', 'audit', actor, action, from, to, page] as const,
  auditActors: ['admin', 'audit', 'actors'] as const,
};
