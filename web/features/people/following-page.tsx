import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { fetchFollowingProjects, useFollowedMakers } from './api/people-api.ts';
import { peopleKeys } from './api/query-keys.ts';
import { PagedProjects } from './components/project-list.tsx';

/** /following: recent projects by the makers the reader follows (issue 18). */
export default function FollowingPage() {
  const { user } = useAuth();
  useDocumentTitle('Following');
  const makers = useFollowedMakers(user?.id ?? null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Following</h1>
      <p className="mt-2 text-muted-foreground">Recent projects by the makers you follow.</p>
      {makers.data && makers.data.length > 0 && (
        <ul aria-label="Makers you follow" className="mt-6 flex flex-wrap gap-2">
          {makers.data.map((m) => (
            <li key={m.id}>
              <Link to={`/creators/${m.id}`} className="inline-block rounded-full border border-border px-3 py-1 text-sm font-medium hover:bg-muted">
                {m.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="following-projects-heading" className="mt-10">
        {/* The cards' titles are h3: this h2 keeps the outline h1 › h2 › h3. */}
        <h2 id="following-projects-heading" className="sr-only">
          Projects by the makers you follow
        </h2>
        <PagedProjects
          queryKey={peopleKeys.followingProjects(user?.id)}
          fetchPage={fetchFollowingProjects}
          empty={
            <div className="rounded-xl border border-border bg-muted/50 p-8 text-center">
              <p className="text-muted-foreground">No projects yet. Follow makers from their page or a project to see their launches here.</p>
              <Link to="/projects" className={buttonVariants({ className: 'mt-4' })}>
                Browse Projects
              </Link>
            </div>
          }
        />
      </section>
    </div>
  );
}
