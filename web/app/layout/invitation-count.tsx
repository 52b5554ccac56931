import { useAuth } from '../../lib/session/auth-context.tsx';
import { useMyInvitations } from '../../lib/my-invitations.ts';

/**
 * How many co-maker invitations wait, beside the mobile menu's Invitations (loaded lazily: the
 * menu is on `/` and the count is paid for only once the menu opens).
 */
export default function InvitationCount() {
  const { user } = useAuth();
  const pending = useMyInvitations(user?.id ?? null).data?.length ?? 0;
  if (pending === 0) return null;
  return (
    <span className="rounded-full bg-primary px-2 text-sm font-semibold leading-6 text-primary-foreground" data-testid="invitations-count">
      {pending}
    </span>
  );
}
