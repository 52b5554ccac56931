import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { profileKeys } from './query-keys.ts';

/**
 * The signed-in member's handle (decision 228). ensure_my_creator gives a member who has no
 * creator profile yet one (and so a handle); the database checks every rule when it changes.
 */
export function useMyHandle(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.handle(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async () => {
      const { data, error } = await supabase.rpc('ensure_my_creator');
      if (error) throw error;
      return data as string;
    },
  });
}

export function useSaveHandle(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (handle: string) => {
      const { data, error } = await supabase.from('creators').update({ handle }).eq('id', userId).select('handle').single();
      if (error) throw error;
      return (data as { handle: string }).handle;
    },
    onSuccess: (handle) => queryClient.setQueryData(profileKeys.handle(userId), handle),
  });
}
