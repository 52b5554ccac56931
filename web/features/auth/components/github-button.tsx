import { useState } from 'react';
import { GithubIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuthSettings } from '../../../lib/session/auth-settings.ts';
import { OrDivider } from './auth-shell.tsx';
import { signInWithGitHub } from '../api/sign-in-with-github.ts';

/** The GitHub sign-in button, shown only when the server has the provider switched on. */
export function GitHubSignIn({ label = 'Continue with GitHub' }: { label?: string }) {
  const settings = useAuthSettings();
  const [busy, setBusy] = useState(false);
  if (!settings.data?.githubEnabled) return null;

  const start = async () => {
    setBusy(true);
    try {
      await signInWithGitHub();
      // The browser is now leaving for GitHub; the button stays busy until it does.
    } catch (error) {
      // Spec §8: OAuth errors are logged; the visitor also gets a plain message.
      console.error('OAuth sign-in error', error);
      toast({ variant: 'destructive', title: 'Error', description: 'Could not start GitHub sign-in. Please try again.' });
      setBusy(false);
    }
  };

  return (
    <>
      <OrDivider />
      <Button variant="outline" className="w-full" onClick={start} disabled={busy}>
        <GithubIcon className="h-4 w-4" />
        {busy ? 'Redirecting to GitHub...' : label}
      </Button>
    </>
  );
}
