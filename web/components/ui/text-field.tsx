import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input } from './input.tsx';
import { FieldError, Label } from './label.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  /** The input's id; the hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  /** Always-visible guidance under the input (e.g. password rules). */
  hint?: ReactNode;
}

/** A labelled input with its hint and error wired to it through aria-describedby. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
