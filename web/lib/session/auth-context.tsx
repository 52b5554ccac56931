import type { Session, User } from '@supabase/supabase-js';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearAllDrafts } from '../draft-sign-out.ts';
import { useQueryClient } from '@tanstack/react-query';
import { keepPkceVerifier, supabase } from '../supabase.ts';
import { authCallbackUrl } from './return-urls.ts';
import { isAnonymousSession, secondFactorPending, signedInUser } from './signed-in.ts';
import { rpcTransferApi, syncVoteTransfer } from './vote-transfer.ts';

export interface AuthContextValue {
  /** The signed-in account; null for visitors, including one holding an anonymous session. */
  user: User | null;
  session: Session | null;
  /** Who votes from this browser: the account, the anonymous user a visitor's upvote signed in, or null. */
  voterId: string | null;
  /**
   * A session that still owes its second factor (decision 241): `user` is null until the code is
   * given on the sign-in page's code step.
   */
  secondFactorPending: boolean;
  /** True until the stored session has been read. */
  loading: boolean;
  /** Throws the auth service's error to the caller (spec §8). */
  signIn(email: string, password: string): Promise<void>;
  /**
   * Resolves with signedIn true when the server opened a session at once (e-mail confirmation
   * off); otherwise a confirmation e-mail is on its way. From an anonymous session (a visitor who
   * upvoted) it converts that user, so their votes stay theirs.
   */
  signUp(email: string, password: string, name?: string): Promise<{ signedIn: boolean }>;
  /**
   * Ends this device's session (every device's with `everywhere`) and goes to /; with `stay`
   * (a session that ended elsewhere) the visitor stays where they are, signed out.
   */
  signOut(options?: { everywhere?: boolean; stay?: boolean }): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Signing out counts as loading until the app is on /, so a guarded page shows its skeleton
  // instead of sending the visitor to /signin (defect 8).
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (leaving && pathname === '/') setLeaving(false);
  }, [leaving, pathname]);

  useEffect(() => {
    let active = true;
    supabase.auth
      .getSession()
      .then(({ data }) => {
        if (active) setSession(data.session);
      })
      .catch(() => undefined)
      .finally(() => {
        if (active) setLoading(false);
      });
    const { data } = supabase.auth.onAuthStateChange((_event, next) => {
      if (!active) return;
      setSession(next);
      setLoading(false);
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  // A visitor's votes follow them into the account they sign in to (decision 122), and a
  // finished sign-up no longer needs its PKCE verifier kept.
  const sessionUserId = session?.user.id;
  const anonymous = isAnonymousSession(session);
  useEffect(() => {
    if (!session) return;
    if (!anonymous) keepPkceVerifier(false);
    syncVoteTransfer(session, rpcTransferApi(supabase))
      .then((moved) => {
        if (moved) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'votes' || q.queryKey[0] === 'projects' });
      })
      .catch((err: unknown) => console.error('Could not hand the visitor votes to this account', err));
    // Only a different user or a change of kind matters, not every token refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionUserId, anonymous]);

  const signIn = useCallback(async (email: string, password: string) => {
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) throw error;
  }, []);

  const signUp = useCallback(async (email: string, password: string, name?: string) => {
    const emailRedirectTo = authCallbackUrl('signup');
    const current = (await supabase.auth.getSession()).data.session;
    const data = name ? { name } : undefined;
    if (isAnonymousSession(current)) return convertAnonymousUser(email, password, emailRedirectTo, data);
    const { data: result, error } = await supabase.auth.signUp({ email, password, options: { emailRedirectTo, data } });
    if (error) throw error;
    return { signedIn: Boolean(result.session) };
  }, []);

  const signOut = useCallback(async ({ everywhere = false, stay = false }: { everywhere?: boolean; stay?: boolean } = {}) => {
    if (!stay) setLeaving(true);
    try {
      // supabase-js defaults to 'global', which would end the user's sessions on every device.
      await supabase.auth.signOut({ scope: everywhere ? 'global' : 'local' });
    } finally {
      // Cached queries may hold what only the signed-in user could read.
      queryClient.removeQueries({ predicate: (q) => q.meta?.private === true });
      // Typed drafts belong to the account that wrote them (decision 224); a session that merely
      // ended (stay) keeps them for the same user's next sign-in.
      if (!stay) clearAllDrafts();
      if (!stay) navigate('/');
    }
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const user = signedInUser(session);
    return {
      user,
      session: user ? session : null,
      voterId: session?.user.id ?? null,
      secondFactorPending: secondFactorPending(session),
      loading: loading || leaving,
      signIn,
      signUp,
      signOut,
    };
  }, [session, loading, leaving, signIn, signUp, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/**
 * GoTrue's way to sign up from an anonymous session: updateUser({ email, password }), confirmed
 * by e-mail; the user id, and with it the visitor's votes, stays.
 */
async function convertAnonymousUser(email: string, password: string, emailRedirectTo: string, metadata?: { name: string }): Promise<{ signedIn: boolean }> {
  keepPkceVerifier(true);
  const { data, error } = await supabase.auth.updateUser({ email, password, ...(metadata ? { data: metadata } : {}) }, { emailRedirectTo });
  if (error) {
    keepPkceVerifier(false);
    throw error;
  }
  if (data.user && !data.user.is_anonymous) {
    // Confirmed at once (e-mail verification off): a fresh token stops saying is_anonymous.
    keepPkceVerifier(false);
    const refreshed = await supabase.auth.refreshSession();
    if (refreshed.error) throw refreshed.error;
    return { signedIn: true };
  }
  return { signedIn: false };
}
