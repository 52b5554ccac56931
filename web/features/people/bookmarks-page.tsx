import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { NewCollectionForm } from './components/people-actions.tsx';
import { fetchBookmarks, useCollectionsOf } from './api/people-api.ts';
import { peopleKeys } from './api/query-keys.ts';
import { PagedProjects } from './components/project-list.tsx';

/** /bookmarks: the reader's private bookmarks and their collections (issue 18). */
export default function BookmarksPage() {
  const { user } = useAuth();
  useDocumentTitle('Bookmarks');
  const collections = useCollectionsOf(user?.id ?? null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Bookmarks</h1>
      <p className="mt-2 text-muted-foreground">Projects you saved. Only you can see this list.</p>
      <section aria-labelledby="bookmarked-projects-heading" className="mt-8">
        {/* The cards' titles are h3: this h2 keeps the outline h1 › h2 › h3. */}
        <h2 id="bookmarked-projects-heading" className="sr-only">
          Bookmarked projects
        </h2>
        <PagedProjects
          queryKey={peopleKeys.bookmarkList(user?.id)}
          fetchPage={fetchBookmarks}
          empty={
            <div className="rounded-xl border border-border bg-muted/50 p-8 text-center">
              <p className="text-muted-foreground">No bookmarks yet. Use Bookmark on a project to save it here.</p>
              <Link to="/projects" className={buttonVariants({ className: 'mt-4' })}>
                Browse Projects
              </Link>
            </div>
          }
        />
      </section>

      <section aria-labelledby="collections-heading" className="mt-14 max-w-2xl">
        <h2 id="collections-heading" className="text-2xl font-bold tracking-tight">
          Your collections
        </h2>
        {collections.data && collections.data.length > 0 ? (
          <ul className="mt-4 flex flex-col divide-y divide-border rounded-xl border border-border">
            {collections.data.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <Link to={`/collections/${c.id}`} className="min-w-0 truncate font-medium hover:text-primary">
                  {c.name}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground">{c.is_public ? 'Public' : 'Private'}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">No collections yet.</p>
        )}
        <div className="mt-6">
          <NewCollectionForm />
        </div>
      </section>
    </div>
  );
}
