import type { Session, User } from '@supabase/supabase-js';

/**
 * The account a session belongs to, or null for a visitor. A visitor who upvoted holds an
 * anonymous session (signInAnonymously, decision 120): everywhere but the upvote button they are
 * signed out — header, guards, comment form, "signed in" messages. So is an account whose
 * second factor is still to be given (secondFactorPending).
 */
export function signedInUser(session: Session | null | undefined): User | null {
  return session && !session.user.is_anonymous && !secondFactorPending(session) ? session.user : null;
}

export function isAnonymousSession(session: Session | null | undefined): boolean {
  return Boolean(session?.user.is_anonymous);
}

/**
 * True while a session still owes its second factor: the account has a verified factor and the
 * token says aal1 (a password, link or GitHub sign-in before the code). Such a session is not
 * signed in anywhere but the sign-in page's code step (decision 241); the same test as
 * supabase-js's getAuthenticatorAssuranceLevel (currentLevel aal1, nextLevel aal2), made
 * synchronously from the session.
 */
export function secondFactorPending(session: Session | null | undefined): boolean {
  if (!session || session.user.is_anonymous) return false;
  if (!session.user.factors?.some((f) => f.status === 'verified')) return false;
  return tokenAal(session.access_token) !== 'aal2';
}

function tokenAal(token: string): unknown {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return (JSON.parse(json) as { aal?: unknown }).aal;
  } catch {
    return undefined;
  }
}
