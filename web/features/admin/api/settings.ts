import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from './query-keys.ts';

export interface SiteSettings {
  site_name: string;
  site_description: string;
  allow_registration: boolean;
  /** Anonymous sign-ins, which a visitor's first upvote uses. */
  allow_anonymous_votes: boolean;
  require_email_verification: boolean;
  moderation_enabled: boolean;
  theme: 'light' | 'dark' | 'system';
  email_notifications: boolean;
  push_notifications: boolean;
  /** IANA zone Top's "today", "this week" and "this month" are counted in. */
  time_zone: string;
  /** Issue 16: launches a day may take (0 = no cap), and whether today's first 4 hours are shuffled. */
  launches_per_day: number;
  launch_shuffle: boolean;
  /** Every staff action needs an aal2 session (decision 242); switched on only from one. */
  require_staff_two_factor: boolean;
  /** /moderation shows removals and bans to everyone (decision 264). */
  public_moderation_log: boolean;
}

const COLUMNS =
  'site_name, site_description, allow_registration, allow_anonymous_votes, require_email_verification, moderation_enabled, theme, email_notifications, push_notifications, time_zone, launches_per_day, launch_shuffle, require_staff_two_factor, public_moderation_log';

export function useSiteSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    meta: { private: true },
    queryFn: async (): Promise<SiteSettings> => {
      const { data, error } = await supabase.from('site_settings').select(COLUMNS).single();
      if (error) throw error;
      return data as SiteSettings;
    },
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SiteSettings) => {
      const { data, error } = await supabase.from('site_settings').update(settings).eq('id', true).select(COLUMNS);
      if (error) throw error;
      if (!data?.length) throw new Error("You don't have admin permissions to change settings");
    },
    // What was saved is what is stored: the form is clean at once, before the refetch answers.
    onSuccess: (_, settings) => queryClient.setQueryData(adminKeys.settings, settings),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.settings });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.siteSettings });
    },
  });
}
