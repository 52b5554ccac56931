import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { moderationLogKeys } from './query-keys.ts';

/** A public entry (the moderation_log view, db/migrations/0309): nothing personal in it. */
export interface ModerationEntry {
  id: number;
  at: string;
  action: 'project.remove' | 'project.delete' | 'comment.remove' | 'user.ban' | 'user.unban';
  /** The project's title or the member's @handle while public; null once not. */
  subject: string | null;
  reason: string | null;
}

export const MODERATION_PAGE_SIZE = 30;

export async function fetchModerationLog(page: number): Promise<{ rows: ModerationEntry[]; more: boolean }> {
  const { data, error } = await supabase
    .from('moderation_log')
    .select('id,at,action,subject,reason')
    .order('at', { ascending: false })
    .order('id', { ascending: false })
    // One more than a page says whether there is an older page, without counting the log.
    .range(page * MODERATION_PAGE_SIZE, page * MODERATION_PAGE_SIZE + MODERATION_PAGE_SIZE);
  if (error) throw error;
  const rows = (data ?? []) as ModerationEntry[];
  return { rows: rows.slice(0, MODERATION_PAGE_SIZE), more: rows.length > MODERATION_PAGE_SIZE };
}

export function useModerationLog(page: number, enabled: boolean) {
  return useQuery({ queryKey: moderationLogKeys.page(page), queryFn: () => fetchModerationLog(page), enabled, placeholderData: keepPreviousData });
}

/** Whether an admin made the log public (Settings); off, the view answers no rows for anyone. */
export function useModerationLogPublic() {
  return useQuery({
    queryKey: moderationLogKeys.isPublic,
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await supabase.from('site_settings_public').select('public_moderation_log').maybeSingle();
      if (error) throw error;
      return (data as { public_moderation_log: boolean } | null)?.public_moderation_log ?? false;
    },
  });
}
