import { useState } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { authErrorMessage, isRateLimited } from '../../../lib/session/auth-errors.ts';
import { resendSignupConfirmation } from '../api/resend-confirmation.ts';

/** Shown after a sign-in refused for an unconfirmed address: explains why and sends a new link. */
export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const resend = async () => {
    setState('sending');
    const error = await resendSignupConfirmation(email);
    if (error) {
      setState('idle');
      // The server allows one e-mail a minute per address and says how long to wait.
      toast(
        isRateLimited(error)
          ? { variant: 'destructive', title: MESSAGES.tooManyAttempts.title, description: authErrorMessage(error, MESSAGES.tooManyAttempts.description) }
          : { variant: 'destructive', title: 'Error', description: 'Could not send the confirmation e-mail. Please try again.' },
      );
      return;
    }
    setState('sent');
    toast({ title: 'Confirmation sent', description: MESSAGES.signUpSuccess });
  };

  return (
    <div role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
      <p className="font-semibold">Your e-mail address is not confirmed yet</p>
      <p className="mt-1">Open the link we sent to {email} to activate your account, then sign in.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={resend} disabled={state !== 'idle'}>
        {state === 'sending' ? 'Sending...' : state === 'sent' ? 'Confirmation sent' : 'Resend confirmation'}
      </Button>
    </div>
  );
}
