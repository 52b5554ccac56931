import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { tagKeys } from './query-keys.ts';

/** The ids of the tags the member follows (their own rows: RLS shows no one else's). */
export function useFollowedTags(userId: string | null) {
  return useQuery({
    queryKey: tagKeys.followsOf(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async () => {
      const { data, error } = await supabase.from('tag_follows').select('tag_id').eq('user_id', userId!).limit(1000);
      if (error) throw error;
      return new Set((data as { tag_id: string }[]).map((f) => f.tag_id));
    },
  });
}

export function useToggleTagFollow(tagId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ following }: { following: boolean }) => {
      const { error } = following ? await supabase.from('tag_follows').delete().eq('tag_id', tagId) : await supabase.from('tag_follows').insert({ tag_id: tagId });
      if (error) throw error;
      return !following;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagKeys.follows }),
  });
}
