import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/session/auth-context.tsx';
import type { ReturnState } from '../lib/session/return-path.ts';

/** Spec §2: while the session loads, a full-height, centred, pulsing placeholder. */
export function GuardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading"
      aria-busy="true"
      className="flex min-h-[calc(100vh-4rem)] w-full items-center justify-center px-4"
    >
      <div className="flex w-full max-w-md animate-pulse flex-col gap-4">
        <div className="h-8 w-2/3 rounded-lg bg-muted" />
        <div className="h-4 w-full rounded bg-muted" />
        <div className="h-4 w-5/6 rounded bg-muted" />
        <div className="h-40 w-full rounded-xl bg-muted" />
      </div>
    </div>
  );
}

/** To /signin, carrying this page in navigation state so sign-in can come back to it. */
export function SignInRedirect() {
  const location = useLocation();
  const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return <Navigate to="/signin" replace state={state} />;
}

/** Signed-in pages: visitors go to /signin carrying the page in navigation state. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <GuardSkeleton />;
  if (!user) return <SignInRedirect />;
  return <>{children}</>;
}
