import { useNavigate } from 'react-router-dom';
import { BookmarkIcon, FolderIcon, LogOutIcon, MailIcon, ShieldIcon, UserIcon, UsersIcon } from '../../components/icons.tsx';
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
import { useMyInvitations } from '../../lib/my-invitations.ts';

/**
 * The signed-in avatar menu: e-mail, Profile, My Projects, Following, Bookmarks, Invitations (with
 * the count waiting; a dot on the avatar says there are some), Admin (staff only), Sign out.
 */
export default function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const role = useAppRole(user?.id).data;
  const pending = useMyInvitations(user?.id ?? null).data?.length ?? 0;
  if (!user) return null;
  const email = user.email ?? '';
  const meta = user.user_metadata as { name?: unknown; avatar_url?: unknown };
  const name = typeof meta.name === 'string' ? meta.name : '';
  const avatar = safeHttpUrl(typeof meta.avatar_url === 'string' ? meta.avatar_url : undefined);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The initials are visible text, so they are part of the name (WCAG 2.5.3).
        aria-label={`${avatar ? '' : `${initials(name || email)}, `}Account menu${pending ? `, ${pending} ${pending === 1 ? 'invitation' : 'invitations'} waiting` : ''}`}
        className="relative grid h-9 w-9 cursor-pointer place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground ring-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {avatar ? <img src={avatar} alt="" width={36} height={36} className="h-full w-full rounded-full object-cover" /> : initials(name || email)}
        {pending > 0 && <span aria-hidden="true" className="absolute right-0 top-0 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-background" data-testid="invitations-dot" />}
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
        <DropdownMenuItem onSelect={() => navigate('/invitations')}>
          <MailIcon /> Invitations
          {pending > 0 && <CountBadge count={pending} />}
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

/** How many invitations wait, beside the menu item (its text is read with the item's name). */
function CountBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground" data-testid="invitations-count">
      {count}
    </span>
  );
}
