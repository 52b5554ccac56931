import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/**
 * Launches (issue 16): tells makers and "Notify me" users (accounts, and confirmed e-mail addresses
 * of signed-out visitors) about launches that went live, and freezes the top 3 of every day, ISO week and month that closed since launches
 * began and was never computed (db/migrations/0161, showcase_private.close_launch_periods). Each
 * period is computed once, even with several instances (launch_periods' primary key), and a run
 * after downtime catches up on every period it missed.
 */
export function launchWinnersJob(db: Database): Job {
  return {
    name: 'launch-winners',
    everyMs: 5 * 60_000,
    async run() {
      const { rows } = await db.query<{ told: number; emailed: number }>(
        `select showcase_private.announce_launches() as told, showcase_private.email_launch_reminders() as emailed`,
      );
      const { rows: closed } = await db.query<{ computed: number }>(`select showcase_private.close_launch_periods() as computed`);
      const computed = closed[0]?.computed ?? 0;
      const told = rows[0]?.told ?? 0;
      const emailed = rows[0]?.emailed ?? 0;
      const parts = [
        computed ? `computed the winners of ${computed} periods` : '',
        told ? `sent ${told} launch reminders` : '',
        emailed ? `e-mailed ${emailed} launch reminders` : '',
      ].filter(Boolean);
      return parts.length ? parts.join('; ') : undefined;
    },
  };
}
