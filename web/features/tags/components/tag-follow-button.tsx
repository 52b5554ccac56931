import { Link, useLocation } from 'react-router-dom';
import { CheckIcon, PlusIcon } from '../../../components/icons.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useFollowedTags, useToggleTagFollow } from '../api/tag-follows.ts';

/** Follow / Following for a tag; a visitor is sent to sign in and back. */
export function TagFollowButton({ tagId, tagName }: { tagId: string; tagName: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const followed = useFollowedTags(user?.id ?? null);
  const toggle = useToggleTagFollow(tagId);
  if (!user || user.is_anonymous) {
    return (
      <Link to="/signin" state={{ from: location }} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Follow #${tagName}`}>
        <PlusIcon /> Follow
      </Link>
    );
  }
  const on = followed.data?.has(tagId) === true;
  return (
    <Button
      size="sm"
      variant={on ? 'secondary' : 'outline'}
      aria-pressed={on}
      aria-label={`${on ? 'Following' : 'Follow'} #${tagName}`}
      disabled={toggle.isPending || followed.isPending}
      onClick={() =>
        toggle.mutate(
          { following: on },
          {
            onSuccess: (now) => toast({ title: now ? `You follow #${tagName}` : `You no longer follow #${tagName}` }),
            onError: (e) => toast({ variant: 'destructive', title: 'Error', description: (e as { message?: string }).message || 'Could not change the follow' }),
          },
        )
      }
    >
      {on ? <CheckIcon /> : <PlusIcon />} {on ? 'Following' : 'Follow'}
    </Button>
  );
}
