import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MY_PROJECTS_SKELETON_ROWS } from '../../../domain/limits.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { PlusIcon } from '../../components/icons.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { projectKeys } from '../projects/index.ts';
import { useCoMadeProjects, useMyProjects, type MyProject } from './api/my-projects-query.ts';
import { myProjectsKeys } from './api/query-keys.ts';
import { DeleteProjectDialog } from './components/delete-project-dialog.tsx';
import { EditProjectDialog } from './components/edit-project-dialog.tsx';
import { MyProjectRow } from './components/my-project-row.tsx';

export default function MyProjectsPage() {
  useDocumentTitle('My Projects');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const query = useMyProjects(user?.id);
  const coMade = useCoMadeProjects(user?.id);
  const [editing, setEditing] = useState<MyProject | null>(null);
  const [deleting, setDeleting] = useState<MyProject | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: myProjectsKeys.mine(user?.id) });
    // The public lists may show the project that just changed or went.
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };

  useEffect(() => {
    if (query.isError) {
      console.error('Error fetching projects', query.error);
      toast({ variant: 'destructive', title: 'Error', description: MESSAGES.myProjectsLoadFailure });
    }
  }, [query.isError, query.error]);

  const projects = query.data?.pages.flat() ?? [];

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Projects</h1>
          <p className="mt-1 text-muted-foreground">Everything you have submitted, with where it stands in review.</p>
        </div>
        <Link to="/submit-project" className={buttonVariants({ className: 'self-start sm:self-auto' })}>
          <PlusIcon className="h-4 w-4" /> Submit New Project
        </Link>
      </header>

      {query.isPending ? (
        <ul className="flex flex-col gap-4" aria-busy="true" aria-label="Loading your projects">
          {Array.from({ length: MY_PROJECTS_SKELETON_ROWS }, (_, i) => (
            <li key={i} data-testid="my-projects-skeleton" className="flex flex-col gap-4 rounded-xl border border-border p-4 sm:flex-row">
              <Skeleton className="aspect-video w-full sm:w-40" />
              <div className="flex flex-1 flex-col gap-3">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border border-border p-10 text-center">
          <p className="font-semibold">{MESSAGES.myProjectsLoadFailure}</p>
          <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : projects.length === 0 && coMade.data && coMade.data.length > 0 ? (
        // A co-maker's projects are listed below: no big empty state above them.
        <p className="rounded-xl border border-dashed border-border px-6 py-6 text-center text-muted-foreground">
          You have not submitted a project of your own yet.
        </p>
      ) : projects.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <h2 className="text-xl font-semibold">No projects yet</h2>
          <p className="mt-2 text-muted-foreground">Share something you built with an AI coding tool.</p>
          <Link to="/submit-project" className={buttonVariants({ className: 'mt-6' })}>
            Submit Your First Project
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {projects.map((p) => (
              <MyProjectRow key={p.id} project={p} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}

      {coMade.data && coMade.data.length > 0 && (
        <section aria-labelledby="co-made-heading" className="mt-12">
          <h2 id="co-made-heading" className="text-2xl font-bold tracking-tight">
            Projects you co-make
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {coMade.data.map((p) => (
              <MyProjectRow key={p.id} project={p} onEdit={() => setEditing(p)} />
            ))}
          </ul>
        </section>
      )}
      {editing && <EditProjectDialog project={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {deleting && <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />}
    </section>
  );
}
