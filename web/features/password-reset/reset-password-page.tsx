import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { setNewPassword } from './api/password-reset.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GuardSkeleton } from '../../components/guards.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { authErrorMessage, isRateLimited, isSamePassword, isWeakPassword } from '../../lib/session/auth-errors.ts';
import { AuthShell } from '../auth/index.ts';
import { callbackError } from '../../lib/session/callback-error.ts';
import { NewPasswordForm } from '../auth/index.ts';
import { MESSAGES } from '../../../domain/messages.ts';

/**
 * /reset-password: the e-mailed link lands here with a PKCE code that supabase-js exchanges for a
 * short recovery session; with it the visitor sets a new password.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [linkError] = useState(() => callbackError(window.location.search, window.location.hash));

  if (loading) return <GuardSkeleton />;
  if (!user || linkError) {
    return (
      <AuthShell title="Reset link not valid" subtitle="This link has expired, was already used or was opened in another browser.">
        <Link to="/forgot-password" className={buttonVariants({ className: 'w-full' })}>
          Send a new link
        </Link>
      </AuthShell>
    );
  }

  const save = async (password: string) => {
    setBusy(true);
    setServerError(undefined);
    const error = await setNewPassword(password);
    setBusy(false);
    if (error) {
      if (isRateLimited(error)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
      else if (isWeakPassword(error) || isSamePassword(error)) setServerError(authErrorMessage(error, 'Please choose another password.'));
      else toast({ variant: 'destructive', title: 'Error', description: 'Could not update your password. Please try again.' });
      return false;
    }
    toast({ title: 'Password updated', description: 'Your new password is set. You are signed in.' });
    navigate('/', { replace: true });
    return true;
  };

  return (
    <AuthShell title="Choose a new password" subtitle={`For ${user.email ?? 'your account'}`}>
      <NewPasswordForm idPrefix="reset" submitLabel="Set new password" busyLabel="Saving..." busy={busy} serverError={serverError} onSubmit={save} />
    </AuthShell>
  );
}
