/** Every query key of the notifications feature, in one place. */
export const notificationKeys = {
  /** Everything cached of one recipient's inbox (bell, dropdown, pages): what a change refetches. */
  all: (userId: string | undefined) => ['notifications', userId] as const,
  unread: (userId: string | undefined) => ['notifications', userId, 'unread'] as const,
  latest: (userId: string | undefined) => ['notifications', userId, 'latest'] as const,
  page: (userId: string | undefined, page: number) => ['notifications', userId, 'page', page] as const,
  preferences: (userId: string | undefined) => ['notification-preferences', userId] as const,
  timeZone: (userId: string | undefined) => ['profile-settings', userId, 'time-zone'] as const,
};
