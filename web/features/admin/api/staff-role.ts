import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export type StaffRole = 'admin' | 'moderator' | 'user';

/**
 * The caller's role as the database sees it now (current_staff_role() reads auth.users), not
 * the token's app_metadata, which stays stale until the next refresh.
 */
export function useStaffRole(userId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'staff-role', userId],
    enabled: Boolean(userId),
    meta: { private: true },
    staleTime: 30_000,
    queryFn: async (): Promise<StaffRole> => {
      const { data, error } = await supabase.rpc('current_staff_role');
      if (error) {
        console.error('Error checking admin access', error);
        throw error;
      }
      return (data as StaffRole | null) ?? 'user';
    },
  });
}
