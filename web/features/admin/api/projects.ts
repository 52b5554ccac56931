import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { projectKeys } from '../../projects/index.ts';
import { adminKeys } from './query-keys.ts';
import { PAGE_SIZE } from './errors.ts';
import { functionError } from './users.ts';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
export type StatusFilter = ReviewStatus | 'all';
export type ReviewAction = 'approve' | 'reject' | 'feature' | 'unfeature' | 'delete';

export interface AdminProject {
  id: string;
  title: string;
  description: string;
  tool: string;
  category: string;
  status: ReviewStatus;
  featured: boolean;
  rejection_reason: string | null;
  created_at: string;
  creator: { id: string; name: string } | null;
}

export function useAdminProjects(status: StatusFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.projects(status, page),
    meta: { private: true },
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let query = supabase
        .from('projects')
        .select('id, title, description, tool, category, status, featured, rejection_reason, created_at, creator:creators(id, name)', {
          count: 'exact',
        })
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
      if (status !== 'all') query = query.eq('status', status);
      const { data, error, count } = await query;
      if (error) throw error;
      return { rows: data as unknown as AdminProject[], total: count ?? 0 };
    },
  });
}

/**
 * Review actions run as a server-side function: it calls review_project() as the caller (the
 * database checks the role) and then e-mails the maker when their project is approved or rejected.
 */
export function useReviewProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { projectId: string; action: ReviewAction; reason?: string }) => {
      const { error } = await supabase.functions.invoke('admin-review-project', { body: input });
      if (error) throw await functionError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
