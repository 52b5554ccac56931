import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailMode, NotificationType } from '../../../../domain/notifications.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './query-keys.ts';

export interface Preference {
  type: NotificationType;
  in_app: boolean;
  email: EmailMode;
}

/** The rows the user changed from the defaults (a type without a row has its defaults). */
export function usePreferences(userId: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.preferences(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async (): Promise<Preference[]> => {
      const { data, error } = await supabase.from('notification_preferences').select('type,in_app,email');
      if (error) throw error;
      return data as Preference[];
    },
  });
}

/** Saves the given preferences in one upsert; the database refuses unknown types and modes. */
export function useSavePreferences(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changed: Preference[]) => {
      if (!changed.length) return;
      const { error } = await supabase.from('notification_preferences').upsert(changed);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences(userId) }),
  });
}
