import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages.ts';
import type { ProjectSubmission } from '../../../domain/project-submission.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { clearDraft } from '../../lib/drafts.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { MakersPanel } from '../people/index.ts';
import { useProject } from '../project-detail/index.ts';
import { useModerationEnabled } from '../../lib/site-settings.ts';
import { sharedKeys } from '../../lib/query-keys.ts';
import { myProjectsKeys } from '../my-projects/index.ts';
import { projectKeys } from '../projects/index.ts';
import { SaveError, submitProject } from './api/save-project.ts';
import type { SavedProject } from './api/submit-project.ts';
import { ProjectForm } from './components/project-form.tsx';

const ExtrasEditor = lazy(() => import('../project-media/index.ts'));
const DRAFT_FORM = 'submit-project';

/**
 * The rest of a project, in the same flow right after its first step is saved (issue 30 M1): more
 * tools, tags, the gallery (the submitted image is its first, the cover), the demo video with its
 * poster, and co-maker invitations. The same pieces as the project page's panel.
 */
function CompleteProject({ projectId, ownerId }: { projectId: string; ownerId: string }) {
  const project = useProject(projectId);
  if (!project.data) return <p className="mt-8 text-sm text-muted-foreground">{project.isError ? 'Could not load your project. Open it from My Projects.' : 'Loading…'}</p>;
  return (
    <div className="mt-10 w-full text-left" data-testid="complete-project">
      <h2 className="text-xl font-bold tracking-tight">Step 2 of 2: make it complete</h2>
      <p className="mt-1 text-sm text-muted-foreground">Everything here is saved as you go. You can also do it later from My Projects.</p>
      <Suspense fallback={null}>
        <ExtrasEditor project={project.data} />
      </Suspense>
      <section aria-labelledby="complete-makers-h" className="mt-6 rounded-xl border border-border bg-card p-6">
        <h2 id="complete-makers-h" className="text-xl font-bold tracking-tight">Invite co-makers</h2>
        <p className="mt-1 text-sm text-muted-foreground">Built it with someone? Invite them by e-mail; they can edit it with you.</p>
        <MakersPanel projectId={projectId} ownerId={ownerId} />
      </section>
    </div>
  );
}

export default function SubmitProjectPage() {
  useDocumentTitle('Submit a project');
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const moderated = useModerationEnabled();
  // The saved project, once submitted: its status says whether it is live already (defect 12).
  const [done, setDone] = useState<SavedProject | null>(null);
  // A fresh form after "Submit another" without reloading the page.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = async (values: ProjectSubmission, image: File | null) => {
    if (!image) return;
    setBusy(true);
    setProgress(0);
    try {
      const saved = await submitProject(values, image, setProgress);
      if (user) clearDraft(DRAFT_FORM, user.id);
      await queryClient.invalidateQueries({ queryKey: myProjectsKeys.all });
      if (saved.status === 'approved') void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      toast({ title: 'Success', description: MESSAGES.submitSuccess });
      setDone(saved);
      window.scrollTo(0, 0);
    } catch (error) {
      const e = error instanceof SaveError ? error : new SaveError(MESSAGES.submitFailure);
      // A refused write may mean the account was banned meanwhile (suspended-account-watch).
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allBanned });
      toast({ variant: 'destructive', title: e.title, description: e.message });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center sm:py-20">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-accent-soft text-accent-soft-foreground">
          <CheckIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">Thank You!</h1>
        <p className="mt-3 text-muted-foreground">{MESSAGES.submitSuccess}.</p>
        <p className="mt-1 text-muted-foreground">
          {done.status === 'approved' ? 'It is live in the showcase now.' : 'Our team reviews every submission; it appears in the showcase once approved.'}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {done.status === 'approved' ? (
            <Link to={`/projects/${done.id}`} className={buttonVariants()}>
              View Your Project
            </Link>
          ) : (
            <Link to="/my-projects" className={buttonVariants()}>
              View My Projects
            </Link>
          )}
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to Home
          </Link>
          <Button variant="ghost" onClick={() => { setDone(null); setProgress(null); setFormKey((k) => k + 1); }}>
            Submit another
          </Button>
        </div>
        {user && <CompleteProject projectId={done.id} ownerId={user.id} />}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Submit Your Project</h1>
        <p className="mt-2 text-muted-foreground">
          Share what you built with Lovable, Cursor or Bolt. {moderated ? 'Our team reviews it before it goes live.' : 'It goes live as soon as you submit it.'}
        </p>
      </header>
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <p className="mb-6 text-sm text-muted-foreground">
          Step 1 of 2: the essentials. Next you add more tools, tags, a gallery, a demo video and co-makers. Your typing is kept as a draft on this browser until you submit.
        </p>
        <ProjectForm key={formKey} autofill draft={user ? { form: DRAFT_FORM, userId: user.id } : undefined} idPrefix="submit" submitLabel="Submit Project" busyLabel="Submitting..." busy={busy} progress={progress} onSubmit={(v, img) => void onSubmit(v, img)} />
      </div>
    </section>
  );
}
