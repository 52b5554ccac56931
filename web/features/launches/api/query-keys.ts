import type { SqlPeriod } from '../../../../domain/launch-periods.ts';

/** Every query key of the launches feature, in one place. */
export const launchKeys = {
  home: ['launches', 'home'] as const,
  leaderboard: (period: SqlPeriod, start: string) => ['launches', 'leaderboard', period, start] as const,
  upcoming: ['launches', 'upcoming'] as const,
  winners: ['launches', 'winners'] as const,
  confirmEmail: (token: string) => ['launches', 'confirm-email', token] as const,
  /** Every cached copy of the caller's reminders (to refetch after a change). */
  allReminders: ['launches', 'reminders'] as const,
  reminders: (userId: string | undefined) => ['launches', 'reminders', userId] as const,
};
