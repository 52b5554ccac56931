import type { Queryable } from '../db/database.ts';

/** What /readyz and /metrics say of scheduled backups: read from the database, the same on every instance. */
export interface BackupHealth {
  /** When the last backup that was written and passed its restore test finished; null: none. */
  lastGoodAt: Date | null;
  /** 'failed': the last backup or its restore test failed; 'stale': no good backup for a day. */
  alert: 'failed' | 'stale' | null;
}

export async function readBackupHealth(db: Queryable): Promise<BackupHealth> {
  const { rows } = await db.query<{ status: { last_good_at: string | null; alert: 'failed' | 'stale' | null } }>(
    'select showcase_private.backup_status() as status',
  );
  const status = rows[0]!.status;
  return { lastGoodAt: status.last_good_at ? new Date(status.last_good_at) : null, alert: status.alert ?? null };
}
