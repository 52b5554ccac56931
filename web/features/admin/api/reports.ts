import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { adminKeys } from './query-keys.ts';
import { PAGE_SIZE, searchPattern } from './errors.ts';

export type ReportStatus = 'pending' | 'resolved' | 'dismissed';
export type ReportType = 'comment' | 'project' | 'user';

export interface Report {
  id: string;
  type: ReportType;
  target_id: string;
  reported_item: string;
  reporter: string;
  reason: string;
  status: ReportStatus;
  created_at: string;
  target_hidden: boolean;
}

export function useReports(status: ReportStatus | 'all', search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.reports(status, search, page),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let query = supabase
        .from('reports')
        .select('id, type, target_id, reported_item, reporter, reason, status, created_at, target_hidden', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
      if (status !== 'all') query = query.eq('status', status);
      const pattern = searchPattern(search);
      if (pattern) query = query.or(`reported_item.ilike.${pattern},reporter.ilike.${pattern}`);
      const { data, error, count } = await query;
      if (error) throw error;
      return { rows: data as Report[], total: count ?? 0 };
    },
  });
}

export function useModerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { reportId: string; decision: 'resolved' | 'dismissed'; hideTarget?: boolean }) => {
      const { error } = await supabase.rpc('moderate_report', {
        report_id: input.reportId,
        decision: input.decision,
        hide_target: input.hideTarget ?? false,
      });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
