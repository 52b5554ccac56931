import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../components/ui/use-toast.ts';
import { sharedKeys } from '../query-keys.ts';
import { supabase } from '../supabase.ts';
import { useAuth } from './auth-context.tsx';
import { ACCOUNT_SUSPENDED } from './auth-errors.ts';

/** A session ended elsewhere (signed out on another device, or expired): the page stays, signed out. */
export const SESSION_ENDED = {
  title: 'Your session ended',
  description: 'Please sign in again: you will come back to this page.',
} as const;

/** PostgREST's code for a token whose session has ended. */
const SESSION_ENDED_CODE = 'PGRST303';

type AccountState = 'active' | 'banned' | 'signed-out';

/**
 * A ban ends the account's sessions on the server, and from then on every call with the token
 * still in the browser is refused ("JWT session has ended", with details 'user_banned' when a ban
 * ended it). So the app asks (public.is_banned(), the same check RLS uses) once per session, when
 * the tab comes back into focus, and after any refused write; a banned account is signed out on
 * this device and told why (defect 17); a session ended elsewhere signs out here, in place, and says so.
 */
/** Loaded only once someone is signed in (web/app/root-layout.tsx): `/` does not carry it for visitors. */
export default function SuspendedAccountWatch() {
  const { user, signOut } = useAuth();
  const banned = useQuery({
    queryKey: sharedKeys.banned(user?.id),
    enabled: Boolean(user),
    meta: { private: true },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: false,
    queryFn: async (): Promise<AccountState> => {
      const { data, error } = await supabase.rpc('is_banned');
      if (error?.code === SESSION_ENDED_CODE) return error.details === 'user_banned' ? 'banned' : 'signed-out';
      if (error) throw error;
      return data === true ? 'banned' : 'active';
    },
  });
  const state = user ? banned.data : undefined;

  useEffect(() => {
    if (state === 'banned') void signOut().then(() => toast({ variant: 'destructive', duration: 15_000, ...ACCOUNT_SUSPENDED }));
    // Ended elsewhere: stay on this page, signed out, and say so; a guarded page then sends the
    // visitor to /signin, which brings them back here (issue 30, M7).
    // Shown as long as the suspension notice: the reader has to notice it to sign in again.
    // Said at once, not after the local sign-out: that waits on the auth client's lock, which the
    // page's other refused requests may hold a while.
    else if (state === 'signed-out') {
      toast({ variant: 'destructive', duration: 15_000, ...SESSION_ENDED });
      void signOut({ stay: true });
    }
  }, [state, signOut]);
  return null;
}
