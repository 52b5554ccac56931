import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { launchKeys } from './query-keys.ts';

/** The projects the signed-in caller asked to be reminded of (RLS shows only their own rows). */
export function useReminders(userId: string | undefined) {
  return useQuery({
    queryKey: launchKeys.reminders(userId),
    enabled: !!userId,
    queryFn: async () => {
      const { data, error } = await supabase.from('launch_reminders').select('project_id');
      if (error) throw error;
      return new Set((data as { project_id: string }[]).map((r) => r.project_id));
    },
  });
}

/** Turns the caller's reminder for one project on or off. */
export function useToggleReminder(projectId: string, userId: string | undefined, on: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = on
        ? await supabase.from('launch_reminders').delete().eq('project_id', projectId)
        : await supabase.from('launch_reminders').insert({ project_id: projectId, user_id: userId! });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: launchKeys.allReminders }),
  });
}
