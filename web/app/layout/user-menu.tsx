import { useNavigate } from 'react-router-dom';
import { BookmarkIcon, FolderIcon, LogOutIcon, ShieldIcon, UserIcon, UsersIcon } from '../../components/icons.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { isStaff, useAppRole } from '../../lib/session/use-app-role.ts';
import { initials } from '../../lib/format.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';

/** The signed-in avatar menu: e-mail, Profile, My Projects, Admin (staff only), Sign out. */
export default function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const role = useAppRole(user?.id).data;
  if (!user) return null;
  const email = user.email ?? '';
  const meta = user.user_metadata as { name?: unknown; avatar_url?: unknown };
  const name = typeof meta.name === 'string' ? meta.name : '';
  const avatar = safeHttpUrl(typeof meta.avatar_url === 'string' ? meta.avatar_url : undefined);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The initials are visible text, so they are part of the name (WCAG 2.5.3).
        aria-label={avatar ? 'Account menu' : `${initials(name || email)}, Account menu`}
        className="grid h-9 w-9 cursor-pointer place-items-center overflow-hidden rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground ring-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {avatar ? <img src={avatar} alt="" width={36} height={36} className="h-full w-full object-cover" /> : initials(name || email)}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          {name && <span className="block truncate font-medium">{name}</span>}
          <span className="block truncate text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserIcon /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/my-projects')}>
          <FolderIcon /> My Projects
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/following')}>
          <UsersIcon /> Following
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/bookmarks')}>
          <BookmarkIcon /> Bookmarks
        </DropdownMenuItem>
        {isStaff(role) && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldIcon /> Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
