import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COLLECTION_NAME_MAX, PEOPLE_MESSAGES } from '../../../../domain/people.ts';
import { BellOffIcon, BellIcon, BookmarkIcon, CheckIcon, FolderIcon, PlusIcon, UsersIcon } from '../../../components/icons.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import {
  useCollectionsHolding,
  useCollectionsOf,
  useCreateCollection,
  useIsBookmarked,
  useIsFollowing,
  useIsMuted,
  useToggleBookmark,
  useToggleCollectionItem,
  useToggleFollow,
  useToggleMute,
} from '../api/people-api.ts';

/** The database's words for a refusal, or a fallback. */
export function failure(error: unknown, fallback: string) {
  const message = error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : '';
  toast({ variant: 'destructive', title: 'Error', description: message || fallback });
}

function SignInLink({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return (
    <Link to="/signin" state={{ from: location }} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      {children}
    </Link>
  );
}

/** Follow / Following for a maker; nothing for the maker themself. */
export function FollowButton({ makerId, makerName }: { makerId: string; makerName: string }) {
  const { user } = useAuth();
  const following = useIsFollowing(user?.id ?? null, makerId);
  const toggle = useToggleFollow(makerId);
  if (user?.id === makerId) return null;
  if (!user) {
    return (
      <SignInLink>
        <UsersIcon /> {PEOPLE_MESSAGES.follow}
      </SignInLink>
    );
  }
  const on = following.data === true;
  return (
    <Button
      size="sm"
      variant={on ? 'secondary' : 'outline'}
      aria-pressed={on}
      aria-label={`${on ? PEOPLE_MESSAGES.following : PEOPLE_MESSAGES.follow} ${makerName}`}
      disabled={toggle.isPending || following.isPending}
      onClick={() =>
        toggle.mutate(
          { following: on },
          { onSuccess: (now) => toast({ title: now ? `You follow ${makerName}` : `You no longer follow ${makerName}` }), onError: (e) => failure(e, 'Could not change the follow') },
        )
      }
    >
      {on ? <CheckIcon /> : <UsersIcon />} {on ? PEOPLE_MESSAGES.following : PEOPLE_MESSAGES.follow}
    </Button>
  );
}

/**
 * Mute / Muted for another member (decision 229): their @mentions stop notifying you. Only for
 * signed-in members looking at someone else; nobody else sees that you muted them.
 */
export function MuteButton({ memberId, memberName }: { memberId: string; memberName: string }) {
  const { user } = useAuth();
  const muted = useIsMuted(user?.id ?? null, memberId);
  const toggle = useToggleMute(memberId);
  if (!user || user.id === memberId) return null;
  const on = muted.data === true;
  return (
    <Button
      size="sm"
      variant={on ? 'secondary' : 'ghost'}
      aria-pressed={on}
      aria-label={`${on ? PEOPLE_MESSAGES.muted : PEOPLE_MESSAGES.mute} ${memberName}`}
      title={on ? `Mentions by ${memberName} do not notify you` : `Stop notifications when ${memberName} mentions you`}
      disabled={toggle.isPending || muted.isPending}
      onClick={() =>
        toggle.mutate(
          { muted: on },
          {
            onSuccess: (now) =>
              toast({ title: now ? `You muted ${memberName}` : `You unmuted ${memberName}`, description: now ? 'Their mentions will not notify you.' : 'Their mentions notify you again.' }),
            onError: (e) => failure(e, 'Could not change the mute'),
          },
        )
      }
    >
      {on ? <BellOffIcon /> : <BellIcon />} {on ? PEOPLE_MESSAGES.muted : PEOPLE_MESSAGES.mute}
    </Button>
  );
}

export function BookmarkButton({ projectId }: { projectId: string }) {
  const { user } = useAuth();
  const bookmarked = useIsBookmarked(user?.id ?? null, projectId);
  const toggle = useToggleBookmark(projectId);
  if (!user) {
    return (
      <SignInLink>
        <BookmarkIcon /> {PEOPLE_MESSAGES.bookmark}
      </SignInLink>
    );
  }
  const on = bookmarked.data === true;
  return (
    <Button
      size="sm"
      variant={on ? 'secondary' : 'outline'}
      aria-pressed={on}
      disabled={toggle.isPending || bookmarked.isPending}
      onClick={() =>
        toggle.mutate(
          { bookmarked: on },
          { onSuccess: (now) => toast({ title: now ? 'Saved to your bookmarks' : 'Removed from your bookmarks' }), onError: (e) => failure(e, 'Could not change the bookmark') },
        )
      }
    >
      <BookmarkIcon className={`h-4 w-4 ${on ? 'fill-current' : ''}`} /> {on ? PEOPLE_MESSAGES.bookmarked : PEOPLE_MESSAGES.bookmark}
    </Button>
  );
}

/** "Add to collection": the reader's collections with a tick for those holding the project, and a new one. */
export function AddToCollectionButton({ projectId }: { projectId: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <FolderIcon /> Add to collection
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add to collection</DialogTitle>
            <DialogDescription>Public collections have a page, a share link and an RSS feed; private ones only you can see.</DialogDescription>
          </DialogHeader>
          {open && <CollectionPicker userId={user.id} projectId={projectId} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function CollectionPicker({ userId, projectId }: { userId: string; projectId: string }) {
  const collections = useCollectionsOf(userId);
  const ids = (collections.data ?? []).map((c) => c.id);
  const holding = useCollectionsHolding(ids, projectId);
  const toggle = useToggleCollectionItem(projectId);
  const held = new Set(holding.data ?? []);
  return (
    <div className="flex flex-col gap-4">
      {collections.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your collections...</p>
      ) : ids.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no collections yet.</p>
      ) : (
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {collections.data!.map((c) => {
            const included = held.has(c.id);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={included}
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate({ collectionId: c.id, included }, { onError: (e) => failure(e, 'Could not change the collection') })}
                  className="flex w-full items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-left text-sm hover:bg-muted"
                >
                  <span className="min-w-0 truncate font-medium">{c.name}</span>
                  <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
                    {c.is_public ? 'Public' : 'Private'}
                    {included && <CheckIcon className="h-4 w-4 text-primary" />}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <NewCollectionForm onCreated={(id) => toggle.mutate({ collectionId: id, included: false }, { onError: (e) => failure(e, 'Could not add the project') })} />
    </div>
  );
}

export function NewCollectionForm({ onCreated }: { onCreated?: (id: string) => void }) {
  const nameId = useId();
  const publicId = useId();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const create = useCreateCollection();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      toast({ variant: 'destructive', title: 'Missing name', description: 'Please name your collection' });
      return;
    }
    try {
      const made = await create.mutateAsync({ name: name.trim(), is_public: isPublic });
      setName('');
      toast({ title: 'Collection created', description: made.name });
      onCreated?.(made.id);
    } catch (error) {
      failure(error, 'Could not create the collection');
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-border pt-4" noValidate>
      <label htmlFor={nameId} className="text-sm font-medium">
        New collection
      </label>
      <div className="flex gap-2">
        <Input id={nameId} value={name} maxLength={COLLECTION_NAME_MAX} placeholder="e.g. Tools I use" onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon /> Create
        </Button>
      </div>
      <label htmlFor={publicId} className="flex items-center gap-2 text-sm text-muted-foreground">
        <Checkbox id={publicId} checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        Public (anyone with the link can see it)
      </label>
    </form>
  );
}
