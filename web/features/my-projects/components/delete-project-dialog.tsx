import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { SaveError } from '../../submit/index.ts';
import type { MyProject } from '../api/my-projects-query.ts';
import { deleteMyProject } from '../api/project-mutations.ts';

export function DeleteProjectDialog({ project, onClose, onDeleted }: { project: MyProject; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteMyProject(project);
      toast({ title: 'Project deleted', description: `"${project.title}" has been removed.` });
      onDeleted();
      onClose();
    } catch (error) {
      const e = error instanceof SaveError ? error : new SaveError('Failed to delete your project. Please try again.');
      toast({ variant: 'destructive', title: e.title, description: e.message });
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete this project?</DialogTitle>
          <DialogDescription>
            &ldquo;{project.title}&rdquo;, its image, comments and upvotes will be removed for good.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete project'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
