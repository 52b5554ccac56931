import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BELL_LATEST_COUNT, NOTIFICATIONS_PAGE_SIZE, type NotificationData, type NotificationType } from '../../../../domain/notifications.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './query-keys.ts';

/** A notification as its recipient reads it (RLS shows nobody else's). */
export interface InboxNotification {
  id: number;
  type: NotificationType;
  data: NotificationData;
  link: string | null;
  actor_count: number;
  read_at: string | null;
  updated_at: string;
}

const COLUMNS = 'id,type,data,link,actor_count,read_at,updated_at';

/**
 * The bell's number. A HEAD request (count only); refreshed every two minutes while the tab is
 * visible and when the dropdown opens. Live updates come with issue 20's realtime.
 */
export function useUnreadCount(userId: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.unread(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    refetchInterval: 120_000,
    refetchOnWindowFocus: true,
    queryFn: async (): Promise<number> => {
      const { count, error } = await supabase.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
      if (error) throw error;
      return count ?? 0;
    },
  });
}

/** The newest few, for the dropdown; fetched when it opens. */
export function useLatestNotifications(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest(userId),
    enabled: Boolean(userId) && enabled,
    meta: { private: true },
    staleTime: 0,
    queryFn: async (): Promise<InboxNotification[]> => {
      const { data, error } = await supabase
        .from('notifications')
        .select(COLUMNS)
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(BELL_LATEST_COUNT);
      if (error) throw error;
      return data as InboxNotification[];
    },
  });
}

/** /notifications: one page (1-based) and the total, newest activity first. */
export function useNotificationPage(userId: string | undefined, page: number) {
  return useQuery({
    queryKey: notificationKeys.page(userId, page),
    enabled: Boolean(userId),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<{ notifications: InboxNotification[]; total: number }> => {
      const from = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
      const { data, error, count } = await supabase
        .from('notifications')
        .select(COLUMNS, { count: 'exact' })
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, from + NOTIFICATIONS_PAGE_SIZE - 1);
      if (error) throw error;
      return { notifications: data as InboxNotification[], total: count ?? 0 };
    },
  });
}
