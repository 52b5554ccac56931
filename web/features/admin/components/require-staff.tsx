import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { SignInRedirect } from '../../../components/guards.tsx';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useStaffRole, type StaffRole } from '../api/staff-role.ts';

export function GuardSkeleton() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-label="Loading">
      <div className="h-32 w-full max-w-md animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/**
 * Admins reach every admin page, moderators the ones listed as theirs; other signed-in users go
 * to /. Visitors go to /signin with the page kept as the return path, like every signed-in page
 * (defect 23: a bookmarked admin URL). The role comes from the database (current_staff_role), and
 * every action is checked there again.
 */
export function RequireStaff({ allow, children }: { allow: readonly StaffRole[]; children: ReactNode }) {
  const { user, loading } = useAuth();
  const role = useStaffRole(user?.id);
  if (loading || (user && role.isPending)) return <GuardSkeleton />;
  if (!user) return <SignInRedirect />;
  if (role.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">Could not check your access</h1>
        <p className="mt-2 text-muted-foreground">Please reload the page to try again.</p>
      </div>
    );
  }
  if (!allow.includes(role.data!)) return <Navigate to={role.data === 'moderator' ? '/admin' : '/'} replace />;
  return <>{children}</>;
}
