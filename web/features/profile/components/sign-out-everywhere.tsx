import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session/auth-context.tsx';

/**
 * Signing out from the menus ends this device's session only; this ends every session of the
 * account (a lost phone, a shared computer), and goes to / like any sign-out.
 */
export function SignOutEverywhere() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ everywhere: true }).finally(() => setBusy(false));
      }}
    >
      {busy ? 'Signing out...' : 'Sign out of all devices'}
    </Button>
  );
}
