import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { supabase } from '../../../lib/supabase.ts';
import { authErrorMessage, isRateLimited, isSamePassword, isWeakPassword, needsReauthentication } from '../../auth/auth-errors.ts';
import { NewPasswordForm } from '../../auth/new-password-form.tsx';

/**
 * Change password. A session older than a day must prove itself first: the server e-mails a
 * six-digit code (GET /reauthenticate) that goes with the new password.
 */
export function ChangePassword() {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState<string | null>(null);
  const [nonce, setNonce] = useState('');
  const [formKey, setFormKey] = useState(0);

  const send = async (password: string, code?: string): Promise<boolean> => {
    setBusy(true);
    setServerError(undefined);
    const { error } = await supabase.auth.updateUser(code ? { password, nonce: code } : { password });
    if (!error) {
      setBusy(false);
      setPending(null);
      setNonce('');
      setFormKey((k) => k + 1);
      toast({ title: 'Password updated', description: 'Your new password is set. Other devices have been signed out.' });
      return true;
    }
    if (needsReauthentication(error) && !code) {
      const { error: sendError } = await supabase.auth.reauthenticate();
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
    if (isRateLimited(error)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
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
  return <NewPasswordForm key={formKey} idPrefix="change" submitLabel="Update password" busyLabel="Saving..." busy={busy} serverError={serverError} onSubmit={(p) => send(p)} />;
}
