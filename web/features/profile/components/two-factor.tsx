import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { profileKeys } from '../api/query-keys.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { confirmEnrolment, fetchVerifiedFactors, removeFactor, startEnrolment, type CodeFailure, type Enrolment } from '../api/two-factor.ts';

const QrCode = lazy(() => import('./qr-code.tsx'));

const CODE = /^\d{6}$/;
const FAILURES: Record<CodeFailure, string> = {
  wrong: 'That code is not right. Check the time on your device and enter the newest code from the app.',
  limited: 'Too many wrong codes. Please wait a few minutes and try again.',
  failed: 'Could not check the code. Please try again.',
};

/**
 * Two-factor authentication (TOTP, decision 241): set up an authenticator app from a QR code or
 * its secret, confirm it with a first code, and remove it again (which the server allows only from
 * a session that gave a code).
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: profileKeys.factors(userId), meta: { private: true }, queryFn: fetchVerifiedFactors });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.factors(userId) });

  if (factors.isPending) return <Skeleton className="h-10 w-64" />;
  if (factors.isError) return <p className="text-sm text-destructive">Could not load your two-factor settings. Please reload the page.</p>;

  const verified = factors.data[0];
  if (verified) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status" className="rounded-lg border border-border bg-muted/50 p-4 text-sm">
          <p className="font-semibold">Two-factor authentication is on</p>
          <p className="mt-1 text-muted-foreground">
            Authenticator app, added {formatShortDate(verified.created_at)}. Signing in asks for a code from it.
          </p>
        </div>
        <Button
          variant="outline"
          className="self-start"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            removeFactor(verified.id)
              .then(() => toast({ title: 'Two-factor authentication removed', description: 'Signing in now needs only your password.' }))
              .catch(() => toast({ variant: 'destructive', title: 'Error', description: 'Could not remove the authenticator app. Sign in again with a code, then try again.' }))
              .finally(() => {
                setBusy(false);
                void refresh();
              });
          }}
        >
          {busy ? 'Removing...' : 'Remove authenticator app'}
        </Button>
        <RecoveryCodes userId={userId} />
      </div>
    );
  }

  if (enrolment) {
    return (
      <ConfirmEnrolment
        enrolment={enrolment}
        onDone={() => {
          setEnrolment(null);
          void refresh();
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  }

  return (
    <Button
      className="self-start"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        startEnrolment()
          .then(setEnrolment)
          .catch(() => toast({ variant: 'destructive', title: 'Error', description: 'Could not start the set-up. Please try again.' }))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Starting...' : 'Set up two-factor authentication'}
    </Button>
  );
}

function ConfirmEnrolment({ enrolment, onDone, onCancel }: { enrolment: Enrolment; onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    const failure = await confirmEnrolment(enrolment.factorId, typed);
    setBusy(false);
    if (!failure) {
      toast({ title: 'Two-factor authentication is on', description: 'Next time you sign in, we will ask for a code from your app.' });
      onDone();
      return;
    }
    setCode('');
    setError(FAILURES[failure]);
    if (failure === 'limited') toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Authy).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Suspense fallback={<Skeleton className="h-48 w-48" />}>
          <QrCode value={enrolment.uri} label="QR code for your authenticator app" />
        </Suspense>
        <div className="min-w-0 text-sm">
          <p className="text-muted-foreground">Can&apos;t scan it? Enter this key in the app instead:</p>
          <code data-testid="totp-secret" className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-sm">
            {enrolment.secret}
          </code>
        </div>
      </div>
      <TextField
        id="totp-enrol-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="123456"
        className="max-w-48"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking...' : 'Verify and turn on'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
