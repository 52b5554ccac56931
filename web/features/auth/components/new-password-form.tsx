import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { passwordProblem, PASSWORD_RULES_TEXT } from '../../../lib/session/password-rules.ts';

/**
 * New password + confirmation, checked against the server's rules before sending. Used by the
 * reset page and the profile's Change password section.
 */
export function NewPasswordForm({
  idPrefix,
  submitLabel,
  busyLabel,
  busy,
  serverError,
  onSubmit,
  before,
}: {
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  serverError?: string;
  onSubmit: (password: string) => Promise<boolean>;
  /** Fields that go first in the same form (the profile's current password). */
  before?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { password: passwordProblem(password) ?? undefined, confirm: password !== confirm ? MESSAGES.passwordMismatch.description : undefined };
    setErrors(found);
    if (found.password || found.confirm) return;
    if (await onSubmit(password)) {
      setPassword('');
      setConfirm('');
    }
  };

  const passwordError = errors.password ?? serverError;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {before}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-password`}>New password</Label>
        <Input
          id={`${idPrefix}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(passwordError)}
          aria-describedby={`${idPrefix}-rules${passwordError ? ` ${idPrefix}-password-error` : ''}`}
        />
        <p id={`${idPrefix}-rules`} className="text-xs text-muted-foreground">
          {PASSWORD_RULES_TEXT}
        </p>
        <FieldError id={`${idPrefix}-password-error`}>{passwordError}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-confirm`}>Confirm new password</Label>
        <Input
          id={`${idPrefix}-confirm`}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={Boolean(errors.confirm)}
          aria-describedby={errors.confirm ? `${idPrefix}-confirm-error` : undefined}
        />
        <FieldError id={`${idPrefix}-confirm-error`}>{errors.confirm}</FieldError>
      </div>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
