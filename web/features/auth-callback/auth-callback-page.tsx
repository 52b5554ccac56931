import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { callbackOutcome } from '../../lib/session/callback-error.ts';
import { readCallbackSession } from './api/callback-session.ts';
import { FinishSignupForm } from './components/finish-signup-form.tsx';

/**
 * /auth/callback: where GitHub sign-in and e-mail links land. supabase-js (detectSessionInUrl,
 * PKCE) exchanges the ?code= while it initialises; initialize() hands back that attempt's error,
 * and callbackOutcome decides where to go and what to say.
 */
export default function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const navigate = useNavigate();
  const handled = useRef(false);
  const [finishCode, setFinishCode] = useState<string | undefined>();

  useEffect(() => {
    // StrictMode runs effects twice in development; the code can be exchanged only once.
    if (handled.current) return;
    handled.current = true;
    void (async () => {
      const { initError, signedIn, secondFactor } = await readCallbackSession();
      if (secondFactor) {
        // The sign-in page's code step; from there to /, where a signed-in link goes too.
        navigate('/signin', { replace: true });
        return;
      }
      const outcome = callbackOutcome({ search: window.location.search, hash: window.location.hash, initError, signedIn });
      if (outcome.kind === 'finish-signup') {
        setFinishCode(outcome.code);
        return;
      }
      if (outcome.kind === 'failed') {
        // Spec §8: callback failures are logged; the visitor gets the product's own words.
        console.error('OAuth callback error', initError ?? outcome.toast.description);
        toast({ variant: 'destructive', ...outcome.toast });
      } else {
        toast(outcome.toast);
      }
      navigate(outcome.to, { replace: true });
    })();
  }, [navigate]);

  if (finishCode) return <FinishSignupForm code={finishCode} onSignedIn={() => navigate('/', { replace: true })} />;

  return (
    <section className="flex min-h-[calc(100vh-4rem)] flex-col items-center justify-center gap-4 px-4" aria-live="polite">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p className="text-lg font-medium">Processing authentication...</p>
    </section>
  );
}
