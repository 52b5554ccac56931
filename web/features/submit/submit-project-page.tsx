import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages.ts';
import type { ProjectSubmission } from '../../../domain/project-submission.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useModerationEnabled } from '../../lib/site-settings.ts';
import { BANNED_QUERY_KEY } from '../../lib/session/suspended-account-watch.tsx';
import { SaveError, submitProject } from './api/save-project.ts';
import type { SavedProject } from './api/submit-project.ts';
import { ProjectForm } from './components/project-form.tsx';

export default function SubmitProjectPage() {
  useDocumentTitle('Submit a project');
  const queryClient = useQueryClient();
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
      await queryClient.invalidateQueries({ queryKey: ['my-projects'] });
      if (saved.status === 'approved') void queryClient.invalidateQueries({ queryKey: ['projects'] });
      toast({ title: 'Success', description: MESSAGES.submitSuccess });
      setDone(saved);
      window.scrollTo(0, 0);
    } catch (error) {
      const e = error instanceof SaveError ? error : new SaveError(MESSAGES.submitFailure);
      // A refused write may mean the account was banned meanwhile (suspended-account-watch).
      void queryClient.invalidateQueries({ queryKey: BANNED_QUERY_KEY });
      toast({ variant: 'destructive', title: e.title, description: e.message });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
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
        <ProjectForm key={formKey} idPrefix="submit" submitLabel="Submit Project" busyLabel="Submitting..." busy={busy} progress={progress} onSubmit={(v, img) => void onSubmit(v, img)} />
      </div>
    </section>
  );
}
