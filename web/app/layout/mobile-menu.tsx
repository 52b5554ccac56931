import { lazy, Suspense, useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { isStaff, useAppRole } from '../../lib/session/use-app-role.ts';
import { cn } from '../../lib/cn.ts';
import { useSignupOpen } from '../../lib/site-settings.ts';
import { launchesLinks } from './launches-links.ts';

const InvitationCount = lazy(() => import('./invitation-count.tsx'));

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-lg px-3 py-2.5 text-base font-medium hover:bg-muted', isActive ? 'text-primary' : 'text-foreground');

/** The small-screen menu: the same links as the header, and Escape closes it. */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { user, signOut } = useAuth();
  const role = useAppRole(user?.id).data;
  const signupOpen = useSignupOpen();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-border bg-background px-4 pb-4 pt-2 md:hidden">
      <ul className="flex flex-col gap-1">
        <li><NavLink to="/" end className={itemClass}>Home</NavLink></li>
        <li><NavLink to="/projects" end className={itemClass}>Projects</NavLink></li>
        <li>
          <p id="mobile-launches" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Launches</p>
          <ul aria-labelledby="mobile-launches" className="grid grid-cols-2 gap-1">
            {launchesLinks().map((l) => (
              <li key={l.label}><NavLink to={l.to} end className={itemClass}>{l.label}</NavLink></li>
            ))}
          </ul>
        </li>
        {user ? (
          <>
            <li><NavLink to="/submit-project" className={itemClass}>Submit Project</NavLink></li>
            <li><NavLink to="/profile" className={itemClass}>Profile</NavLink></li>
            <li><NavLink to="/my-projects" className={itemClass}>My Projects</NavLink></li>
            <li><NavLink to="/following" className={itemClass}>Following</NavLink></li>
            <li><NavLink to="/bookmarks" className={itemClass}>Bookmarks</NavLink></li>
            <li>
              <NavLink to="/invitations" className={(a) => cn(itemClass(a), 'flex items-center justify-between')}>
                Invitations
                <Suspense fallback={null}>
                  <InvitationCount />
                </Suspense>
              </NavLink>
            </li>
            {isStaff(role) && <li><NavLink to="/admin" className={itemClass}>Admin</NavLink></li>}
            <li className="mt-2 border-t border-border pt-3">
              <p className="truncate px-3 pb-2 text-sm text-muted-foreground">{user.email}</p>
              <Button variant="outline" className="w-full" onClick={() => void signOut()}>
                Sign out
              </Button>
            </li>
          </>
        ) : (
          <>
            <li><NavLink to="/signin" className={itemClass}>Sign in</NavLink></li>
            {signupOpen && <li><NavLink to="/signup" className={itemClass}>Sign up</NavLink></li>}
          </>
        )}
      </ul>
    </nav>
  );
}
