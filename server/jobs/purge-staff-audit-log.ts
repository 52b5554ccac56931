import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/** The staff audit log's retention (decision 263): rows older than two years go (0308). */
export function purgeStaffAuditLogJob(db: Database): Job {
  return {
    name: 'purge-staff-audit-log',
    everyMs: 24 * 60 * 60_000,
    async run() {
      const { rows } = await db.query<{ purged: number }>('select platform.purge_staff_audit_log() as purged');
      const purged = rows[0]?.purged ?? 0;
      return purged ? `purged ${purged} staff audit rows older than two years` : undefined;
    },
  };
}
