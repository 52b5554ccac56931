import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { REPORT_REASONS, submitReport, type ReportTarget } from '../api/submit-report.ts';

const NOUN: Record<ReportTarget, string> = { project: 'project', comment: 'comment', user: 'user' };

function message(error: unknown): string {
  const text = error && typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : '';
  return text && !/^(Failed to fetch|NetworkError)/i.test(text) ? text : 'Could not send your report. Please try again.';
}

/**
 * "Report" for signed-in users: a small dialog to pick a reason, then the report goes to the
 * moderators. Renders nothing for visitors (reports need an account).
 */
export function ReportButton({ type, targetId, label, className }: { type: ReportTarget; targetId: string; label: string; className?: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [sending, setSending] = useState(false);
  if (!user) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    setSending(true);
    try {
      await submitReport({ type, targetId, reason });
      toast({ title: 'Report sent', description: 'Thank you. Our moderators will review it.' });
      setOpen(false);
      setReason('');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: message(error) });
    } finally {
      setSending(false);
    }
  };

  const name = `report-reason-${type}-${targetId}`;
  return (
    <>
      <Button type="button" variant="ghost" size="sm" className={className} onClick={() => setOpen(true)} aria-label={label}>
        Report
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={(e) => void submit(e)}>
            <DialogHeader>
              <DialogTitle>Report this {NOUN[type]}</DialogTitle>
              <DialogDescription>Tell the moderators what is wrong. They will review it soon.</DialogDescription>
            </DialogHeader>
            <fieldset className="my-4 grid gap-2">
              <legend className="mb-2 text-sm font-medium">Reason</legend>
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                  <input type="radio" name={name} value={r} checked={reason === r} onChange={() => setReason(r)} className="h-4 w-4 accent-primary" />
                  {r}
                </label>
              ))}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!reason || sending}>
                {sending ? 'Sending...' : 'Send Report'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
