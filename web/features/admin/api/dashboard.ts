import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { adminKeys } from './query-keys.ts';

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
  subject_id: string | null;
  created_at: string;
  /** For a project's events, its title now (the summary keeps the one it had then); null once deleted. */
  currentTitle?: string | null;
}

const PROJECT_EVENTS = new Set<ActivityEvent['kind']>(['project_submitted', 'project_approved', 'project_rejected']);
export const isProjectEvent = (e: ActivityEvent) => PROJECT_EVENTS.has(e.kind) && !!e.subject_id;

export function useDashboardStats() {
  return useQuery({
    queryKey: adminKeys.stats,
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
    queryKey: adminKeys.activity(limit),
    meta: { private: true },
    queryFn: async (): Promise<ActivityEvent[]> => {
      const { data, error } = await supabase
        .from('activity_events')
        .select('id, kind, summary, subject_id, created_at')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit);
      if (error) throw error;
      const events = data as ActivityEvent[];
      // A project renamed since shows under its name now (UX L8).
      const ids = [...new Set(events.filter(isProjectEvent).map((e) => e.subject_id!))];
      if (ids.length === 0) return events;
      const projects = await supabase.from('projects').select('id, title').in('id', ids);
      if (projects.error) throw projects.error;
      const titles = new Map((projects.data as Array<{ id: string; title: string }>).map((p) => [p.id, p.title]));
      return events.map((e) => (isProjectEvent(e) ? { ...e, currentTitle: titles.get(e.subject_id!) ?? null } : e));
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
    queryKey: adminKeys.outbox,
    meta: { private: true },
    queryFn: async (): Promise<OutboxStats> => {
      const { data, error } = await supabase.rpc('admin_outbox_stats');
      if (error) throw error;
      return data as OutboxStats;
    },
  });
}

export interface TrendDay {
  day: string;
  signups: number;
  submissions: number;
  votes: number;
  comments: number;
  /** The sum of each project's unique visitors that day. */
  visitors: number;
}

/** The last `days` site days of activity (admin_daily_trends, db/migrations/0303), for the charts. */
export function useDailyTrends(days = 30) {
  return useQuery({
    queryKey: adminKeys.trends(days),
    meta: { private: true },
    queryFn: async (): Promise<{ from_day: string; to_day: string; days: TrendDay[] }> => {
      const { data, error } = await supabase.rpc('admin_daily_trends', { days });
      if (error) {
        console.error('Error fetching stats', error);
        throw error;
      }
      return data as { from_day: string; to_day: string; days: TrendDay[] };
    },
  });
}
