import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './query-keys.ts';

/** The account's time zone for digests (null: the site's). */
export function useTimeZone(userId: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.timeZone(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async (): Promise<string | null> => {
      const { data, error } = await supabase.from('profile_settings').select('time_zone').maybeSingle();
      if (error) throw error;
      return (data as { time_zone: string | null } | null)?.time_zone ?? null;
    },
  });
}

/** Saves it; the database refuses a zone it does not know ('Unknown time zone: …'). */
export function useSaveTimeZone(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string | null) => {
      const { error } = await supabase.from('profile_settings').upsert({ time_zone: timeZone });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.timeZone(userId) }),
  });
}

/** Every zone this browser knows, for the picker. */
export function browserTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
}
