import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { supabase } from '../supabase.ts';
import { useAuth } from './auth-context.tsx';
import { ACCOUNT_SUSPENDED } from './auth-errors.ts';

/** PostgREST's code for a token whose session has ended. */
const SESSION_ENDED = 'PGRST303';

type AccountState = 'active' | 'banned' | 'signed-out';

/** The query that asks the database whether the signed-in account is banned now. */
export const BANNED_QUERY_KEY = ['auth', 'banned'] as const;

/**
 * A ban ends the account's sessions on the server, and from then on every call with the token
 * still in the browser is refused ("JWT session has ended", with details 'user_banned' when a ban
 * ended it). So the app asks (public.is_banned(), the same check RLS uses) once per session, when
 * the tab comes back into focus, and after any refused write; a banned account is signed out on
 * this device and told why (defect 17), and a session ended elsewhere simply signs out here.
 */
export function SuspendedAccountWatch() {
  const { user, signOut } = useAuth();
  const banned = useQuery({
    queryKey: [...BANNED_QUERY_KEY, user?.id],
    enabled: Boolean(user),
    meta: { private: true },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: false,
    queryFn: async (): Promise<AccountState> => {
      const { data, error } = await supabase.rpc('is_banned');
      if (error?.code === SESSION_ENDED) return error.details === 'user_banned' ? 'banned' : 'signed-out';
      if (error) throw error;
      return data === true ? 'banned' : 'active';
    },
  });
  const state = user ? banned.data : undefined;

  useEffect(() => {
    if (state === 'banned') void signOut().then(() => toast({ variant: 'destructive', duration: 15_000, ...ACCOUNT_SUSPENDED }));
    else if (state === 'signed-out') void signOut();
  }, [state, signOut]);
  return null;
}
