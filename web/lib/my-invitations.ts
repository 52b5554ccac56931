import { useQuery } from '@tanstack/react-query';
import { supabase } from './supabase.ts';

/** The key of the reader's invitations; the people feature's `peopleKeys` uses it too. */
export const myInvitationsKey = (userId: string | null | undefined) => ['invitations', userId] as const;

export interface MyInvitation {
  id: string;
  project_id: string;
  project_title: string;
  inviter_name: string;
  created_at: string;
}

/**
 * Co-maker invitations waiting for the reader (my_invitations: their confirmed address). One
 * query for the people feature's /invitations page and the account menus' count (web/app), so
 * accepting updates both. Shared code, not the people feature's: the menus are on every page and
 * must not pull the feature into the first bundle.
 */
export function useMyInvitations(userId: string | null) {
  return useQuery({
    queryKey: myInvitationsKey(userId),
    enabled: Boolean(userId),
    meta: { private: true },
    queryFn: async () => {
      const { data, error } = await supabase.rpc('my_invitations');
      if (error) throw error;
      return data as MyInvitation[];
    },
  });
}
