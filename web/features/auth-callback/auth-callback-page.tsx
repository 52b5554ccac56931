import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/use-toast.ts';
import { supabase } from '../../lib/supabase.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { callbackError, failureMessage } from '../auth/callback-error.ts';

/**
 * /auth/callback: where GitHub sign-in and e-mail links land. supabase-js (detectSessionInUrl,
 * PKCE) exchanges the ?code= while it initialises; getSession() waits for that, so by then the
 * session is there or it is not.
 */
export default function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the code can be exchanged only once.
    if (handled.current) return;
    handled.current = true;
    const fromUrl = callbackError(window.location.search, window.location.hash);

    const fail = (reason: unknown) => {
      console.error('OAuth callback error', reason);
      toast({ variant: 'destructive', title: 'Sign-in failed', description: failureMessage(reason) });
      navigate('/signin', { replace: true });
    };

    if (fromUrl) {
      fail(fromUrl);
      return;
    }
    supabase.auth
      .getSession()
      .then(({ data, error }) => {
        if (error) fail(error);
        else if (!data.session) fail(null);
        else navigate('/', { replace: true });
      })
      .catch(fail);
  }, [navigate]);

  return (
    <section className="flex min-h-[calc(100vh-4rem)] flex-col items-center justify-center gap-4 px-4" aria-live="polite">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p className="text-lg font-medium">Processing authentication...</p>
    </section>
  );
}
