import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { confirmsDeletion } from '../api/delete-account-check.ts';
import { AccountDeletionRefused, deleteOwnAccount } from '../api/delete-account.ts';

export const ACCOUNT_DELETED = 'Your account has been deleted.';
const DELETE_FAILED = 'We could not delete your account. Please try again.';

/** Danger zone: deletes the account and everything it made, after the person types DELETE. */
export function DeleteAccount() {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirmed = confirmsDeletion(typed, user?.email);

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setTyped('');
    setError(undefined);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await deleteOwnAccount();
    } catch (err) {
      console.error('Error deleting account', err);
      setError(err instanceof AccountDeletionRefused ? err.message : DELETE_FAILED);
      setBusy(false);
      return;
    }
    // Their projects and comments are gone from every list and page the cache still holds.
    await signOut();
    await queryClient.invalidateQueries();
    toast({ title: ACCOUNT_DELETED });
  };

  return (
    <section className="rounded-2xl border border-destructive/40 bg-card p-6 shadow-sm sm:p-8" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-semibold text-destructive">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Permanently delete your account, your projects, comments, votes and uploaded images. This cannot be undone.
      </p>
      <Button variant="destructive" className="mt-6" onClick={() => onOpenChange(true)}>
        Delete account
      </Button>

      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <form noValidate onSubmit={onSubmit}>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Your account, projects, comments, votes and images will be deleted for good and you will be signed out.
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-2">
              <Label htmlFor="delete-account-confirm">
                Type <strong>DELETE</strong> or your e-mail address to confirm
              </Label>
              <Input
                id="delete-account-confirm"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                disabled={busy}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'delete-account-error' : undefined}
              />
              <FieldError id="delete-account-error">{error}</FieldError>
            </div>
            <DialogFooter>
              <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!confirmed || busy}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
