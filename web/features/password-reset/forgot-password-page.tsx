import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { clientRateLimiter } from '../../lib/rate-limiter.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isValidEmail } from '../../lib/validation.ts';
import { isRateLimited } from '../../lib/session/auth-errors.ts';
import { AuthShell } from '../auth/index.ts';
import { sendPasswordResetEmail } from './api/password-reset.ts';

/** /forgot-password: e-mails a link to /reset-password. Says the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setError(MESSAGES.invalidEmail.description);
      toast({ variant: 'destructive', ...MESSAGES.invalidEmail });
      return;
    }
    setError(undefined);
    if (!clientRateLimiter.tryAcquire('auth:recover')) {
      toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
      return;
    }
    setBusy(true);
    const sendError = await sendPasswordResetEmail(trimmed);
    setBusy(false);
    if (sendError) {
      toast(
        isRateLimited(sendError)
          ? { variant: 'destructive', ...MESSAGES.tooManyAttempts }
          : { variant: 'destructive', title: 'Error', description: 'Could not send the reset link. Please try again.' },
      );
      return;
    }
    setSentTo(trimmed);
  };

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter your e-mail and we will send you a link to choose a new password"
      footer={
        <Link to="/signin" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="rounded-lg border border-border bg-muted p-4 text-sm">
          <p className="font-semibold">Check your email</p>
          <p className="mt-1 text-muted-foreground">
            If an account exists for {sentTo}, a link to reset your password is on its way. The link works once, in this browser.
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            required
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
