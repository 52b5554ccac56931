import { NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useStaffRole, type StaffRole } from '../api/staff-role.ts';
import { useLiveInvalidate } from '../../../lib/live/live.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LogOutIcon } from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { RequireStaff } from './require-staff.tsx';

export const ADMIN_LINKS: ReadonlyArray<{ to: string; label: string; end?: boolean; roles: readonly StaffRole[] }> = [
  { to: '/admin', label: 'Dashboard', end: true, roles: ['admin', 'moderator'] },
  { to: '/admin/users', label: 'Users', roles: ['admin', 'moderator'] },
  { to: '/admin/projects', label: 'Projects', roles: ['admin', 'moderator'] },
  { to: '/admin/content', label: 'Content', roles: ['admin'] },
  { to: '/admin/moderation', label: 'Moderation', roles: ['admin', 'moderator'] },
  { to: '/admin/votes', label: 'Votes', roles: ['admin'] },
  { to: '/admin/tags', label: 'Tags', roles: ['admin'] },
  { to: '/admin/settings', label: 'Settings', roles: ['admin'] },
  { to: '/admin/audit', label: 'Audit Log', roles: ['admin'] },
];

function Sidebar() {
  const { user, signOut } = useAuth();
  const role = useStaffRole(user?.id).data ?? 'user';
  return (
    <aside className="border-b border-border md:w-56 md:shrink-0 md:border-b-0 md:border-r">
      {/* Wraps on small screens rather than scrolling, so the active section is always in view (defect 15). */}
      <nav aria-label="Admin" className="flex flex-wrap gap-1 p-3 md:flex-col md:flex-nowrap md:p-4">
        <p className="hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground md:block">
          {role === 'moderator' ? 'Moderator' : 'Admin'}
        </p>
        {ADMIN_LINKS.filter((l) => l.roles.includes(role)).map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.end}
            className={({ isActive }) =>
              cn(
                'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                isActive ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            {l.label}
          </NavLink>
        ))}
        <Button variant="ghost" className="h-9 justify-start whitespace-nowrap px-3 md:mt-4 md:h-10" onClick={() => void signOut()}>
          <LogOutIcon /> Sign Out
        </Button>
      </nav>
    </aside>
  );
}

/** The review queue and the dashboard's counts follow project changes as they happen (issue 20). */
function LiveAdmin() {
  useLiveInvalidate('projects', ['admin']);
  return null;
}

export default function AdminLayout() {
  return (
    <RequireStaff allow={['admin', 'moderator']}>
      <LiveAdmin />
      <div className="mx-auto flex w-full max-w-7xl flex-col md:min-h-[70vh] md:flex-row">
        <Sidebar />
        <div className="min-w-0 flex-1 p-4 md:p-8">
          <Outlet />
        </div>
      </div>
    </RequireStaff>
  );
}
