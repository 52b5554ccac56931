import { Link } from 'react-router-dom';
import { Avatar } from '../../components/avatar.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePublicCollections } from './api/public-collections.ts';

/** /collections: browse the community's public collections (issue 30 item 4). */
export default function CollectionsPage() {
  useDocumentTitle('Collections');
  const { data, isPending, isError, refetch } = usePublicCollections();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Collections</h1>
      <p className="mt-2 text-muted-foreground">Lists of projects curated by makers in the community.</p>
      <section aria-label="Public collections" className="mt-10">
        {isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-32 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-border bg-muted/50 p-8 text-center">
            <p className="text-muted-foreground">Couldn't load collections. Check your connection and try again.</p>
            <button type="button" onClick={() => void refetch()} className={buttonVariants({ className: 'mt-4' })}>
              Try again
            </button>
          </div>
        ) : data.length === 0 ? (
          <div className="rounded-xl border border-border bg-muted/50 p-8 text-center">
            <p className="text-muted-foreground">No public collections yet. Save projects to a collection and make it public to share it here.</p>
            <Link to="/projects" className={buttonVariants({ className: 'mt-4' })}>
              Browse Projects
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((c) => (
              <li key={c.id} className="flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-sm transition-colors hover:border-primary">
                <h2 className="break-words text-lg font-semibold">
                  <Link to={`/collections/${c.id}`} className="hover:underline">
                    {c.name}
                  </Link>
                </h2>
                {c.description && <p className="mt-1 line-clamp-3 break-words text-sm text-muted-foreground">{c.description}</p>}
                <div className="mt-auto flex items-center gap-2 pt-4 text-sm text-muted-foreground">
                  {c.owner ? (
                    <Link to={`/creators/${c.owner.id}`} className="inline-flex min-w-0 items-center gap-2 font-medium text-foreground hover:underline">
                      <Avatar name={c.owner.name} url={c.owner.avatar_url} size="xs" />
                      <span className="truncate">{c.owner.name}</span>
                    </Link>
                  ) : null}
                  <span aria-hidden="true">·</span>
                  <span>{formatShortDate(c.created_at)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
