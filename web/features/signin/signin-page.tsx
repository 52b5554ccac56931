import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FieldError, Label } from '../../components/ui/label.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { clientRateLimiter } from '../../lib/rate-limiter.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { refreshShownErrors, type FieldErrors } from '../../lib/field-errors.ts';
import { isValidEmail } from '../../lib/validation.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { ACCOUNT_SUSPENDED, isEmailNotConfirmed, isRateLimited, isUserBanned } from '../../lib/session/auth-errors.ts';
import { returnPath } from '../../lib/session/return-path.ts';
import { useAuthSettings } from '../../lib/session/auth-settings.ts';
import { AuthShell } from '../auth/index.ts';
import { GitHubSignIn } from '../auth/index.ts';
import { mailSignInLink } from './api/sign-in-by-email.ts';
import { needsSecondFactor } from './api/second-factor.ts';
import { EmailCodeSignIn } from './components/email-code-sign-in.tsx';
import { SecondFactorStep } from './components/second-factor-step.tsx';
import { ResendConfirmation } from './components/resend-confirmation.tsx';

type Field = 'email' | 'password';

function check(email: string, password: string): FieldErrors<Field> {
  const found: FieldErrors<Field> = {};
  if (!isValidEmail(email.trim())) found.email = MESSAGES.invalidEmail.description;
  if (!password) found.password = 'Please enter your password';
  return found;
}

export default function SignInPage() {
  useDocumentTitle('Sign in');
  const { user, loading, signIn, signOut, secondFactorPending } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const next = returnPath(location.state);
  const signupsClosed = useAuthSettings().data?.signupDisabled === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [suspended, setSuspended] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [mailedTo, setMailedTo] = useState<string | null>(null);

  // Already signed in (or the session just arrived): nothing to do here.
  if (!loading && user && !busy) return <Navigate to={next} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    const found = check(email, password);
    setErrors(found);
    if (found.email) toast({ variant: 'destructive', ...MESSAGES.invalidEmail });
    if (found.email || found.password) return;
    if (!clientRateLimiter.tryAcquire('auth:signin')) {
      toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
      return;
    }

    setBusy(true);
    setUnconfirmed(null);
    setSuspended(false);
    try {
      await signIn(trimmed, password);
      // An account with two-factor authentication gives its code first (the step below).
      if (await needsSecondFactor()) {
        setPassword('');
        setBusy(false);
        return;
      }
      toast({ title: 'Welcome back', description: MESSAGES.signInSuccess });
      navigate(next, { replace: true });
    } catch (error) {
      if (isRateLimited(error)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
      else if (isUserBanned(error)) {
        // The server says so only after the right password, so this reveals nothing to a guesser.
        // The notice above the form is an alert, so no toast repeats it.
        setSuspended(true);
      } else if (isEmailNotConfirmed(error)) {
        setUnconfirmed(trimmed);
        toast({ variant: 'destructive', title: 'Email not confirmed', description: 'Please confirm your e-mail address with the link we sent you.' });
      } else toast({ variant: 'destructive', ...MESSAGES.signInFailure });
      setBusy(false);
    }
  };

  // Passwordless (decision 227): only the e-mail field matters.
  const mailLink = async () => {
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setErrors({ email: MESSAGES.invalidEmail.description });
      toast({ variant: 'destructive', ...MESSAGES.invalidEmail });
      return;
    }
    if (!clientRateLimiter.tryAcquire('auth:signin')) {
      toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
      return;
    }
    setMailing(true);
    const error = await mailSignInLink(trimmed);
    setMailing(false);
    if (!error) setMailedTo(trimmed);
    else if (isRateLimited(error)) toast({ variant: 'destructive', ...MESSAGES.tooManyAttempts });
    else toast({ variant: 'destructive', title: 'Error', description: 'Could not send the sign-in e-mail. Please try again.' });
  };

  if (!loading && secondFactorPending) {
    return (
      <AuthShell title="Two-factor authentication" subtitle="One more step to sign in">
        <SecondFactorStep onVerified={() => navigate(next, { replace: true })} onCancel={() => void signOut({ stay: true })} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to share projects and join the conversation"
      footer={
        signupsClosed ? undefined : (
          <>
            Don&apos;t have an account?{' '}
            <Link to="/signup" state={location.state} className="font-medium text-primary hover:underline">
              Sign up
            </Link>
          </>
        )
      }
    >
      {suspended && (
        <div role="alert" className="mb-6 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <p className="font-semibold text-destructive">{ACCOUNT_SUSPENDED.title}</p>
          <p className="mt-1">{ACCOUNT_SUSPENDED.description}</p>
        </div>
      )}
      {unconfirmed && <ResendConfirmation email={unconfirmed} />}
      {mailedTo ? (
        <EmailCodeSignIn
          email={mailedTo}
          onSignedIn={() => {
            void needsSecondFactor().then((more) => (more ? setMailedTo(null) : navigate(next, { replace: true })));
          }}
          onBack={() => setMailedTo(null)}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            id="signin-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((shown) => refreshShownErrors(shown, check(e.target.value, password)));
            }}
            error={errors.email}
            required
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="signin-password">Password</Label>
            <Input
              id="signin-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((shown) => refreshShownErrors(shown, check(email, e.target.value)));
              }}
              aria-invalid={Boolean(errors.password)}
              aria-describedby={errors.password ? 'signin-password-error' : undefined}
              required
            />
            <FieldError id="signin-password-error">{errors.password}</FieldError>
            {/* After the password field, so Tab goes e-mail → password → this link → Sign in (defect 22). */}
            <Link to="/forgot-password" className="self-end text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="mt-2 w-full" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
          <Button variant="outline" className="w-full" onClick={mailLink} disabled={busy || mailing}>
            {mailing ? 'Sending...' : 'E-mail me a sign-in link'}
          </Button>
        </form>
      )}
      <GitHubSignIn />
    </AuthShell>
  );
}
