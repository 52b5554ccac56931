import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectSubmission } from '../../../../domain/project-submission.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { ProjectForm, SaveError } from '../../submit/index.ts';
import type { MyProject } from '../api/my-projects-query.ts';
import { updateMyProject } from '../api/project-mutations.ts';

export function EditProjectDialog({ project, onClose, onSaved }: { project: MyProject; onClose: () => void; onSaved: () => void }) {
  const [busy, setBusy] = useState(false);
  const { user } = useAuth();
  // A co-maker edits everything but the launch day, which is the owner's (decision 220).
  const coMaker = Boolean(project.creators && user && project.creators.id !== user.id);
  const launched = Boolean(project.launched_at && project.status === 'approved' && new Date(project.launched_at).getTime() <= Date.now());
  const [progress, setProgress] = useState<number | null>(null);
  const [outboundRef, setOutboundRef] = useState(project.outbound_ref !== false);

  const save = async (values: ProjectSubmission, image: File | null) => {
    setBusy(true);
    setProgress(image ? 0 : null);
    try {
      const { status } = await updateMyProject(project, values, image, setProgress, outboundRef === (project.outbound_ref !== false) ? undefined : outboundRef);
      toast({
        title: 'Project updated',
        description: status === 'pending' && project.status !== 'pending' ? 'Your changes were saved and go to review before they are published.' : 'Your changes were saved.',
      });
      onSaved();
      onClose();
    } catch (error) {
      const e = error instanceof SaveError ? error : new SaveError('Failed to update your project. Please try again.');
      toast({ variant: 'destructive', title: e.title, description: e.message });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit project</DialogTitle>
          <DialogDescription>
            {project.status === 'pending' ? 'Your project is waiting for review.' : 'Saving changes sends the project back to review before they are published.'}
          </DialogDescription>
        </DialogHeader>
        <div className="mb-2 flex items-start justify-between gap-4 rounded-lg border border-border p-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="edit-outbound-ref">Add ?ref= to my links</Label>
            <p id="edit-outbound-ref-hint" className="text-sm text-muted-foreground">
              "View Live Site" and "View Source" then tell your own analytics that a visitor came from here. Off: your links are used exactly as you wrote them.
            </p>
          </div>
          <Switch id="edit-outbound-ref" aria-describedby="edit-outbound-ref-hint" checked={outboundRef} onCheckedChange={setOutboundRef} disabled={busy} />
        </div>
        <ProjectForm
          idPrefix="edit"
          initial={{
            title: project.title,
            description: project.description,
            longDescription: project.long_description ?? '',
            liveUrl: project.live_url ?? '',
            githubUrl: project.github_url ?? '',
            tool: project.tool,
            category: project.category,
            launchDate: project.launch_date ?? '',
          }}
          launchLocked={launched || (coMaker ? `Only ${project.creators?.name ?? 'the owner'}, the project's owner, can change its launch day.` : false)}
          existingImageUrl={safeHttpUrl(project.image_url)}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          busy={busy}
          progress={progress}
          onSubmit={(v, img) => void save(v, img)}
          footer={
            <Link to={`/projects/${project.id}#extras`} onClick={onClose} className="text-sm font-medium text-primary underline-offset-4 hover:underline sm:mr-auto">
              More tools, tags, gallery, video and co-makers
            </Link>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
