import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { AuthShell } from '../../auth/index.ts';
import { finishSignupWithPassword } from '../api/finish-signup.ts';

/**
 * A confirmation link opened in another browser than the sign-up's (a phone, another address of
 * the site): the address is confirmed, and the sign-up's password becomes the account's only when
 * it is typed here, in the browser that opened the inbox (decision 255). Someone who never signed
 * up does not know it, and signs in with an e-mailed link instead.
 */
export function FinishSignupForm({ code, onSignedIn }: { code: string; onSignedIn: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Enter the password you chose when you signed up');
      return;
    }
    setBusy(true);
    const outcome = await finishSignupWithPassword(code, password);
    setBusy(false);
    if (outcome === 'signed-in') {
      toast({ title: 'Welcome!', description: 'Your e-mail is confirmed and you are signed in.' });
      onSignedIn();
    } else if (outcome === 'rate-limited') {
      toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
    } else {
      setError('That is not the password you chose when you signed up, or this link has expired.');
    }
  };

  return (
    <AuthShell
      title="Your e-mail is confirmed"
      subtitle="You opened the link in another browser than the one you signed up in. To finish, enter the password you chose."
      footer={
        <>
          Did not sign up, or forgot the password? <Link to="/signin" className="font-medium text-primary underline-offset-4 hover:underline">Sign in with an e-mailed link</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          id="finish-signup-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Finish signing in'}
        </Button>
      </form>
    </AuthShell>
  );
}
