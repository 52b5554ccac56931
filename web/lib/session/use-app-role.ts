import { useQuery } from '@tanstack/react-query';
import { sharedKeys } from '../query-keys.ts';
import { supabase } from '../supabase.ts';

export type AppRole = 'admin' | 'moderator' | 'user';

/** Admins and moderators reach the admin panel (moderators some of it). */
export const isStaff = (role: AppRole | undefined) => role === 'admin' || role === 'moderator';

/**
 * The caller's role as the database sees it now (current_staff_role() reads auth.users), never the
 * token's metadata: user_metadata is writable by its user, and app_metadata stays stale until the
 * next refresh. The query key matches the admin feature's, so both share one request.
 */
export function useAppRole(userId: string | undefined) {
  return useQuery({
    queryKey: sharedKeys.staffRole(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    staleTime: 30_000,
    queryFn: async (): Promise<AppRole> => {
      const { data, error } = await supabase.rpc('current_staff_role');
      if (error) {
        console.error('Error checking admin access', error);
        throw error;
      }
      return (data as AppRole | null) ?? 'user';
    },
  });
}
