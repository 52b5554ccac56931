import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { changePassword, sendReauthenticationCode } from '../api/password.ts';
import { authErrorMessage, isInvalidCredentials, isRateLimited, isSamePassword, isWeakPassword, needsReauthentication } from '../../../lib/session/auth-errors.ts';
import { NewPasswordForm } from '../../auth/index.ts';

const CURRENT_WRONG = 'Your current password is not correct.';

/**
 * Change password. The server asks for proof that this is the account's owner, not only a
 * signed-in browser: the current password, or, left empty (an account from GitHub has none, or it
 * is forgotten), a six-digit code it e-mails (GET /reauthenticate) that goes with the new password.
 */
export function ChangePassword() {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const [pending, setPending] = useState<string | null>(null);
  const [nonce, setNonce] = useState('');
  const [formKey, setFormKey] = useState(0);

  const send = async (password: string, code?: string): Promise<boolean> => {
    setBusy(true);
    setServerError(undefined);
    setCurrentError(undefined);
    const proof = code ? { nonce: code } : current ? { current_password: current } : {};
    const error = await changePassword(password, proof);
    if (!error) {
      setBusy(false);
      setPending(null);
      setNonce('');
      setCurrent('');
      setFormKey((k) => k + 1);
      toast({ title: 'Password updated', description: 'Your new password is set. Other devices have been signed out.' });
      return true;
    }
    if (needsReauthentication(error) && !code) {
      const sendError = await sendReauthenticationCode();
      setBusy(false);
      if (sendError) {
        toast({ variant: 'destructive', title: 'Error', description: 'Could not send the confirmation code. Please try again.' });
        return false;
      }
      setPending(password);
      toast({ title: 'Check your email', description: 'Enter the code we sent you to confirm the change.' });
      return false;
    }
    setBusy(false);
    if (isInvalidCredentials(error) && !code) setCurrentError(CURRENT_WRONG);
    else if (isRateLimited(error)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
    else if (needsReauthentication(error)) toast({ variant: 'destructive', title: 'Error', description: 'That code is not valid. Please request a new one.' });
    else if (isWeakPassword(error) || isSamePassword(error)) setServerError(authErrorMessage(error, 'Please choose another password.'));
    else toast({ variant: 'destructive', title: 'Error', description: 'Could not update your password. Please try again.' });
    if (code) setPending(null);
    return false;
  };

  if (pending) {
    return (
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send(pending, nonce.trim());
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="reauth-code">Confirmation code</Label>
          <Input id="reauth-code" inputMode="numeric" autoComplete="one-time-code" value={nonce} onChange={(e) => setNonce(e.target.value)} className="max-w-48" />
          <p className="text-xs text-muted-foreground">We e-mailed you a six-digit code.</p>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy || nonce.trim().length === 0}>
            {busy ? 'Saving...' : 'Confirm new password'}
          </Button>
          <Button variant="ghost" onClick={() => setPending(null)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  const currentField = (
    <div className="flex flex-col gap-2">
      <Label htmlFor="change-current">Current password</Label>
      <Input
        id="change-current"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        aria-invalid={Boolean(currentError)}
        aria-describedby={`change-current-hint${currentError ? ' change-current-error' : ''}`}
      />
      <p id="change-current-hint" className="text-xs text-muted-foreground">
        No password yet, or forgotten it? Leave this empty and we will e-mail you a code.
      </p>
      <FieldError id="change-current-error">{currentError}</FieldError>
    </div>
  );
  return (
    <NewPasswordForm
      key={formKey}
      idPrefix="change"
      submitLabel="Update password"
      busyLabel="Saving..."
      busy={busy}
      serverError={serverError}
      onSubmit={(p) => send(p)}
      before={currentField}
    />
  );
}
