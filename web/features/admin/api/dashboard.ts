import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export interface DashboardStats {
  totalUsers: number;
  totalProjects: number;
  totalViews: number;
  totalComments: number;
}

export interface ActivityEvent {
  id: number;
  kind:
    | 'project_submitted'
    | 'project_approved'
    | 'project_rejected'
    | 'comment_posted'
    | 'user_signed_up'
    | 'report_filed'
    | 'votes_discounted'
    | 'votes_restored';
  summary: string;
  created_at: string;
}

export function useDashboardStats() {
  return useQuery({
    queryKey: ['admin', 'stats'],
    meta: { private: true },
    queryFn: async (): Promise<DashboardStats> => {
      const { data, error } = await supabase.rpc('admin_dashboard_stats');
      if (error) {
        console.error('Error fetching stats', error);
        throw error;
      }
      return data as DashboardStats;
    },
  });
}

export function useRecentActivity(limit = 10) {
  return useQuery({
    queryKey: ['admin', 'activity', limit],
    meta: { private: true },
    queryFn: async (): Promise<ActivityEvent[]> => {
      const { data, error } = await supabase
        .from('activity_events')
        .select('id, kind, summary, created_at')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit);
      if (error) throw error;
      return data as ActivityEvent[];
    },
  });
}

export interface OutboxStats {
  queued: number;
  sent: number;
  failed: number;
}

/** The e-mail outbox (issue 15): queued (or being sent), sent and failed over the last 30 days. */
export function useOutboxStats() {
  return useQuery({
    queryKey: ['admin', 'outbox'],
    meta: { private: true },
    queryFn: async (): Promise<OutboxStats> => {
      const { data, error } = await supabase.rpc('admin_outbox_stats');
      if (error) throw error;
      return data as OutboxStats;
    },
  });
}
