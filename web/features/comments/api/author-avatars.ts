import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { commentKeys } from './query-keys.ts';

/** The avatars of the people shown in a thread (decision 226): one read for all, initials while it runs. */
export function useAuthorAvatars(projectId: string, userIds: readonly string[]): Map<string, string | null> {
  const ids = [...new Set(userIds)].sort();
  const { data } = useQuery({
    queryKey: commentKeys.avatars(projectId, ids),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { data: rows, error } = await supabase.from('creators').select('id,avatar_url').in('id', ids);
      if (error) throw error;
      return rows as Array<{ id: string; avatar_url: string | null }>;
    },
  });
  return new Map((data ?? []).map((r) => [r.id, r.avatar_url]));
}
