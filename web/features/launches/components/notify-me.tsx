import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BellIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { requestLaunchEmail } from '../api/email-reminder.ts';
import { useReminders, useToggleReminder } from '../api/reminders.ts';

/**
 * "Notify me" on /upcoming: a signed-in user gets a notification when the project launches; a
 * signed-out visitor may leave an e-mail address instead (confirmed by a link first).
 */
export function NotifyMeButton({ projectId, title }: { projectId: string; title: string }) {
  const { user } = useAuth();
  const reminders = useReminders(user?.id);
  const on = reminders.data?.has(projectId) ?? false;
  const toggle = useToggleReminder(projectId, user?.id, on);
  if (!user) return <EmailReminderDialog projectId={projectId} title={title} />;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant={on ? 'secondary' : 'outline'} size="sm" aria-pressed={on} aria-label={`${on ? "We'll notify you about" : 'Notify me about'} ${title}`} disabled={toggle.isPending || reminders.isPending} onClick={() => toggle.mutate()}>
        <BellIcon className="h-4 w-4" /> {on ? "We'll notify you" : 'Notify me'}
      </Button>
      {toggle.isError && <p role="alert" className="text-xs text-destructive">{toggle.error.message}</p>}
    </div>
  );
}

function EmailReminderDialog({ projectId, title }: { projectId: string; title: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await requestLaunchEmail(projectId, email);
    setPending(false);
    if (result.ok) {
      setSentTo(email.trim());
      setError(undefined);
    } else {
      setError(result.message);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSentTo(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Notify me about ${title}`}>
          <BellIcon className="h-4 w-4" /> Notify me
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{sentTo ? 'Check your inbox' : `Notify me about ${title}`}</DialogTitle>
          <DialogDescription>
            {sentTo
              ? `We sent a confirmation link to ${sentTo}. Open it, and we'll e-mail you once when ${title} launches.`
              : "We'll e-mail you once to confirm, then once when it launches. Nothing else."}
          </DialogDescription>
        </DialogHeader>
        {sentTo ? (
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </DialogFooter>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <TextField
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              error={error}
              onChange={(e) => setEmail(e.target.value)}
            />
            <p className="mt-3 text-sm text-muted-foreground">
              Have an account?{' '}
              <Link to="/signin" state={{ from: { pathname: '/upcoming', search: '', hash: '' } }} className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>{' '}
              to get a notification instead.
            </p>
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                <BellIcon className="h-4 w-4" /> {pending ? 'Saving…' : 'Notify me'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
