import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './query-keys.ts';

/**
 * Marks notifications read: a list of ids, or 'all'. The database checks they are the caller's
 * (mark_notifications_read); every notification query of the user is refreshed after.
 */
export function useMarkRead(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: number[] | 'all'): Promise<number> => {
      const { data, error } = await supabase.rpc('mark_notifications_read', which === 'all' ? {} : { notification_ids: which });
      if (error) throw error;
      return data as number;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
