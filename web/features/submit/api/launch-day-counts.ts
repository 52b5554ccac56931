import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { submitKeys } from './query-keys.ts';

export interface DayCount {
  day: string;
  scheduled: number;
  cap: number;
}

/** The coming launch days with how many projects each holds and its cap (for the day picker). */
export function useLaunchDayCounts() {
  return useQuery({
    queryKey: submitKeys.launchDayCounts,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('launch_day_counts');
      if (error) throw error;
      return data as DayCount[];
    },
  });
}
