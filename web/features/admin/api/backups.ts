import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { adminKeys } from './query-keys.ts';

/** Scheduled backups (decision 247), as public.admin_backup_status() answers: admins only. */
export interface BackupStatus {
  last_good_at: string | null;
  /** 'failed': the last backup or its restore test failed; 'stale': no good backup for a day. */
  alert: 'failed' | 'stale' | null;
  last_run: {
    started_at: string;
    finished_at: string | null;
    name: string | null;
    location: string | null;
    bytes: number | null;
    encrypted: boolean;
    database: string | null;
    pg_dump: string | null;
    ok: boolean;
    error: string | null;
    restore_test_ok: boolean | null;
    restore_test_detail: string | null;
  } | null;
}

export function useBackupStatus(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.backups,
    enabled,
    meta: { private: true },
    queryFn: async (): Promise<BackupStatus> => {
      const { data, error } = await supabase.rpc('admin_backup_status');
      if (error) throw error;
      return data as BackupStatus;
    },
  });
}
