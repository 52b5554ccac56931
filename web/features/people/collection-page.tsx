import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LinkIcon, RssIcon, TrashIcon } from '../../components/icons.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { failure } from './components/people-actions.tsx';
import { fetchCollection, fetchCollectionProjects, useDeleteCollection, useUpdateCollection } from './api/people-api.ts';
import { peopleKeys } from './api/query-keys.ts';
import { PagedProjects } from './components/project-list.tsx';

/** /collections/{id}: a public collection for everyone, a private one for its owner only (issue 18). */
export default function CollectionPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data, isPending, isError } = useQuery({ queryKey: peopleKeys.collectionPage(id, user?.id), queryFn: () => fetchCollection(id) });
  useDocumentTitle(data?.collection.name ?? (isPending ? undefined : 'Collection not found'));

  if (isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-4 h-4 w-96 max-w-full" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{isError ? "Couldn't load this collection" : 'Collection not found'}</h1>
        <p className="mt-4 text-muted-foreground">
          {isError ? 'Check your connection and try again.' : "This collection doesn't exist or is private."}
        </p>
        <Link to="/projects" className={buttonVariants({ className: 'mt-8' })}>
          Browse Projects
        </Link>
      </section>
    );
  }
  const { collection, ownerName } = data;
  const isOwner = user?.id === collection.owner_id;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-3xl font-bold tracking-tight">{collection.name}</h1>
            <Badge variant="outline">{collection.is_public ? 'Public' : 'Private'}</Badge>
          </div>
          {ownerName && (
            <p className="mt-2 text-sm text-muted-foreground">
              A collection by{' '}
              <Link to={`/creators/${collection.owner_id}`} className="font-medium text-foreground hover:text-primary">
                {ownerName}
              </Link>
            </p>
          )}
          {collection.description && <p className="mt-4 max-w-3xl whitespace-pre-line break-words text-muted-foreground">{collection.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {collection.is_public && <ShareActions id={collection.id} />}
          {isOwner && <OwnerActions id={collection.id} isPublic={collection.is_public} />}
        </div>
      </header>
      <section aria-labelledby="collection-projects-heading" className="mt-10">
        {/* The cards' titles are h3: this h2 keeps the outline h1 › h2 › h3. */}
        <h2 id="collection-projects-heading" className="sr-only">
          Projects in this collection
        </h2>
        <PagedProjects
          queryKey={peopleKeys.collectionProjects(collection.id, user?.id)}
          fetchPage={(page) => fetchCollectionProjects(collection.id, page)}
          empty={<p className="text-muted-foreground">No projects in this collection yet.</p>}
        />
      </section>
    </div>
  );
}

/** A public collection's share link and RSS feed; a private one has neither. */
function ShareActions({ id }: { id: string }) {
  const link = `${window.location.origin}/collections/${id}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: link });
    } catch {
      toast({ title: 'Share link', description: link });
    }
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void copy()} data-share-link={link}>
        <LinkIcon /> Copy share link
      </Button>
      <a href={`/collections/${id}/feed.xml`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
        <RssIcon /> RSS
      </a>
    </>
  );
}

function OwnerActions({ id, isPublic }: { id: string; isPublic: boolean }) {
  const update = useUpdateCollection(id);
  const remove = useDeleteCollection();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ is_public: !isPublic }, { onError: (e) => failure(e, 'Could not change the collection') })}>
        {isPublic ? 'Make private' : 'Make public'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        <TrashIcon /> Delete
      </Button>
      <ConfirmDialog
        target={confirming ? id : null}
        onClose={() => setConfirming(false)}
        busy={remove.isPending}
        busyLabel="Deleting..."
        destructive
        title="Delete this collection?"
        description="The projects stay; only the list goes. This cannot be undone."
        confirmLabel="Delete collection"
        onConfirm={(target) =>
          remove.mutate(target, {
            onSuccess: () => {
              toast({ title: 'Collection deleted' });
              navigate('/bookmarks');
            },
            onError: (e) => failure(e, 'Could not delete the collection'),
          })
        }
      />
    </>
  );
}
