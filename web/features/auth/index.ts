// What other features may use from the auth feature: the sign-in screens' shared pieces.
// The session itself (who is signed in, their role) is shared code: web/lib/session.
export { AuthShell, OrDivider } from './components/auth-shell.tsx';
export { GitHubSignIn } from './components/github-button.tsx';
export { NewPasswordForm } from './components/new-password-form.tsx';
