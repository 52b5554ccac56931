import type { Session, User } from '@supabase/supabase-js';

/**
 * The account a session belongs to, or null for a visitor. A visitor who upvoted holds an
 * anonymous session (signInAnonymously, decision 120): everywhere but the upvote button they are
 * signed out — header, guards, comment form, "signed in" messages.
 */
export function signedInUser(session: Session | null | undefined): User | null {
  return session && !session.user.is_anonymous ? session.user : null;
}

export function isAnonymousSession(session: Session | null | undefined): boolean {
  return Boolean(session?.user.is_anonymous);
}
