import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { projectKeys } from '../../projects/index.ts';
import { adminKeys } from './query-keys.ts';

/** A suspicious group of votes on one project (db/migrations/0093, admin_vote_clusters). */
export interface VoteCluster {
  cluster_key: string;
  kind: 'network' | 'burst';
  project_id: string;
  project_title: string;
  window_start: string;
  window_end: string;
  votes: number;
  anonymous_votes: number;
  new_account_votes: number;
  points: number;
  project_points: number;
  /** Of the project's points, 0..1. */
  share: number;
}

export interface VoteDiscount {
  id: string;
  kind: 'network' | 'burst';
  project_id: string;
  project_title: string;
  window_start: string;
  window_end: string;
  votes: number;
  points: number;
  created_at: string;
  created_by_email: string | null;
  restored_at: string | null;
}


export function useVoteClusters() {
  return useQuery({
    queryKey: adminKeys.voteClusters,
    meta: { private: true },
    queryFn: async (): Promise<VoteCluster[]> => {
      const { data, error } = await supabase.rpc('admin_vote_clusters');
      if (error) throw error;
      // numeric columns: PostgREST sends numbers, but a proxy or an older server may send strings.
      return (data as VoteCluster[]).map((c) => ({ ...c, points: Number(c.points), project_points: Number(c.project_points), share: Number(c.share) }));
    },
  });
}

export function useVoteDiscounts() {
  return useQuery({
    queryKey: adminKeys.voteDiscounts,
    meta: { private: true },
    queryFn: async (): Promise<VoteDiscount[]> => {
      const { data, error } = await supabase.rpc('admin_vote_discounts');
      if (error) throw error;
      return (data as VoteDiscount[]).map((d) => ({ ...d, points: Number(d.points) }));
    },
  });
}

/** Discounting or restoring changes points, so rankings and the activity log refresh too. */
function useVoteMutation<I>(call: (input: I) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function useDiscountVotes() {
  return useVoteMutation(async (clusterKey: string) => {
    const { error } = await supabase.rpc('admin_discount_votes', { cluster_key: clusterKey });
    if (error) throw error;
  });
}

export function useRestoreVotes() {
  return useVoteMutation(async (discountId: string) => {
    const { error } = await supabase.rpc('admin_restore_votes', { discount_id: discountId });
    if (error) throw error;
  });
}
