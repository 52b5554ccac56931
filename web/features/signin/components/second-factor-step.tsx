import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { verifyRecoveryCode, verifySecondFactor } from '../api/second-factor.ts';

const CODE = /^\d{6}$/;
/** Ten letters and digits, as Profile shows them (xxxxx-xxxxx); dashes and spaces are ignored. */
const RECOVERY = /^[a-z2-7]{10}$/i;

const FAILURES = {
  wrong: 'That code is not right, or it was already used. Wait for the next code in your app and try again.',
  limited: 'Too many wrong codes. Please wait a few minutes and try again.',
  'no-factor': 'This account has no authenticator app set up. Please sign in again.',
  failed: 'Could not check the code. Please try again.',
} as const;

/**
 * The sign-in's second step for an account with two-factor authentication (decision 241): the
 * password (or link) opened an aal1 session; nothing else counts the visitor as signed in until a
 * code from their authenticator app raises it to aal2.
 */
export function SecondFactorStep({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(recovery ? /[\s-]/g : /\s/g, '');
    if (recovery ? !RECOVERY.test(typed) : !CODE.test(typed)) {
      setError(recovery ? 'Enter one of your recovery codes, like abcde-fgh23' : 'Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    const failure = recovery ? await verifyRecoveryCode(typed) : await verifySecondFactor(typed);
    if (!failure) {
      toast({ title: 'Welcome back', description: MESSAGES.signInSuccess });
      onVerified();
      return;
    }
    setBusy(false);
    setCode('');
    setError(recovery && failure === 'wrong' ? 'That recovery code is not right, or it was already used.' : FAILURES[failure]);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="rounded-lg border border-border bg-muted/50 p-4 text-sm">
        {recovery ? 'Enter one of the recovery codes you saved' : 'Enter the code from your authenticator app'}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        id="signin-totp"
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        maxLength={recovery ? 20 : 7}
        placeholder={recovery ? 'abcde-fgh23' : '123456'}
        autoFocus
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="self-center"
        disabled={busy}
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
          setError(undefined);
        }}
      >
        {recovery ? 'Use the code from your app instead' : 'Lost your phone? Use a recovery code'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel} disabled={busy}>
        Cancel and sign out
      </Button>
    </form>
  );
}
