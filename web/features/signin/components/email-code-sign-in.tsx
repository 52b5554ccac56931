import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { isRateLimited } from '../../../lib/session/auth-errors.ts';
import { signInWithMailedCode } from '../api/sign-in-by-email.ts';

const CODE = /^\d{6}$/;

/**
 * After "E-mail me a sign-in link": the link signs in when opened in this browser; the code works
 * in any (typed here), so a link opened on a phone still gets the visitor in on the laptop.
 */
export function EmailCodeSignIn({ email, onSignedIn, onBack }: { email: string; onSignedIn: () => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) {
      setError('Enter the 6-digit code from the e-mail');
      return;
    }
    setBusy(true);
    const failure = await signInWithMailedCode(email, typed);
    if (!failure) {
      toast({ title: 'Welcome back', description: MESSAGES.signInSuccess });
      onSignedIn();
      return;
    }
    setBusy(false);
    if (isRateLimited(failure)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
    else setError('This code is wrong, expired or already used. Check the newest e-mail, or ask for a new link.');
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="rounded-lg border border-border bg-muted/50 p-4 text-sm">
        <p className="font-semibold">Check your e-mail</p>
        <p className="mt-1 [overflow-wrap:anywhere]">
          If {email} has an account here, we sent it a sign-in link and a 6-digit code. Open the link in this browser, or enter the code below. Both
          expire in 1 hour.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          id="signin-code"
          label="Sign-in code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in with code'}
        </Button>
      </form>
      <Button variant="link" className="self-center" onClick={onBack}>
        Use your password instead
      </Button>
    </div>
  );
}
