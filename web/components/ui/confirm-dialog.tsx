import type { ReactNode } from 'react';
import { Button, buttonVariants } from './button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog.tsx';

/**
 * "Are you sure?" for an action that is hard to undo, in the site's own dialog (never the
 * browser's window.confirm). Closed while `target` is null; onConfirm receives the target.
 */
export function ConfirmDialog<T>({
  target,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
}: {
  target: T | null;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: (target: T) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose className={buttonVariants({ variant: 'outline' })}>Cancel</DialogClose>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={busy} onClick={() => target !== null && onConfirm(target)}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
