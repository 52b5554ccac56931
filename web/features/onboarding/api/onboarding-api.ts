import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { onboardingKeys } from './query-keys.ts';

/**
 * The onboarding (decision 229): whether the member has finished or skipped it (their own
 * profile_settings row), the makers and tags the database suggests, and their handle.
 */
export function useOnboardingDone(userId: string | null) {
  return useQuery({
    queryKey: onboardingKeys.done(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    staleTime: Infinity,
    queryFn: async () => {
      const { data, error } = await supabase.from('profile_settings').select('onboarded_at').eq('user_id', userId!).maybeSingle();
      if (error) throw error;
      return Boolean((data as { onboarded_at: string | null } | null)?.onboarded_at);
    },
  });
}

/** Marks the onboarding finished (or skipped): it does not show again. */
export function useFinishOnboarding(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.from('profile_settings').upsert({ user_id: userId, onboarded_at: new Date().toISOString() }, { onConflict: 'user_id' });
      if (error) throw error;
    },
    onSuccess: () => queryClient.setQueryData(onboardingKeys.done(userId), true),
  });
}

export interface SuggestedMaker {
  id: string;
  name: string;
  handle: string;
  avatar_url: string | null;
  followers: number;
  projects: number;
}

export function useSuggestedMakers(userId: string | null) {
  return useQuery({
    queryKey: onboardingKeys.makers(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async () => {
      const { data, error } = await supabase.rpc('suggested_makers', { max_count: 6 });
      if (error) throw error;
      return data as SuggestedMaker[];
    },
  });
}

export interface SuggestedTag {
  id: string;
  slug: string;
  name: string;
  projects: number;
}

export function useSuggestedTags(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.tags,
    enabled,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('suggested_tags', { max_count: 12 });
      if (error) throw error;
      return data as SuggestedTag[];
    },
  });
}

/** The member's handle; a member without a creator profile is given one (ensure_my_creator). */
export function useOwnHandle(userId: string | null) {
  return useQuery({
    queryKey: onboardingKeys.handle(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async () => {
      const { data, error } = await supabase.rpc('ensure_my_creator');
      if (error) throw error;
      return data as string;
    },
  });
}
