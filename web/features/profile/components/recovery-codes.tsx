import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { profileKeys } from '../api/query-keys.ts';
import { fetchRecoveryCodesLeft, makeRecoveryCodes } from '../api/recovery-codes.ts';

/**
 * Recovery codes (decision 243): ten single-use codes that stand in for the authenticator app at
 * sign-in, shown once when made. Making a new set ends the old one.
 */
export function RecoveryCodes({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const left = useQuery({ queryKey: profileKeys.recoveryCodes(userId), meta: { private: true }, queryFn: fetchRecoveryCodesLeft });
  const [shown, setShown] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = () => {
    setBusy(true);
    makeRecoveryCodes()
      .then((codes) => {
        setShown(codes);
        void queryClient.invalidateQueries({ queryKey: profileKeys.recoveryCodes(userId) });
      })
      .catch(() =>
        toast({ variant: 'destructive', title: 'Error', description: 'Could not make recovery codes. Sign in again with a code from your app, then try again.' }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="font-semibold">Recovery codes</h3>
      {shown ? (
        <>
          <p className="text-sm">
            Save these codes somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator app. They will not be shown again.
          </p>
          <ul aria-label="Your recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 font-mono text-sm">
            {shown.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button variant="outline" className="self-start" onClick={() => setShown(null)}>
            I have saved them
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {left.isPending
              ? 'Codes that get you in if you lose your phone.'
              : left.isError
                ? 'Could not count your recovery codes.'
                : left.data === 0
                  ? 'You have no recovery codes. Make some, so a lost phone does not lock you out.'
                  : `${left.data} of 10 recovery codes left. Making new ones ends the old ones.`}
          </p>
          <Button variant="outline" className="self-start" disabled={busy} onClick={generate}>
            {busy ? 'Making codes...' : left.data ? 'Regenerate recovery codes' : 'Generate recovery codes'}
          </Button>
        </>
      )}
    </div>
  );
}
