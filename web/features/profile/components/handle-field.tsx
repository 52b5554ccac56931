import { useEffect, useState, type FormEvent } from 'react';
import { checkHandle, HANDLE_MAX, HANDLE_MESSAGES } from '../../../../domain/handles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMyHandle, useSaveHandle } from '../api/handle.ts';

/**
 * The account page's handle section: the @handle others mention you by, changed here. The rules
 * are explained first (domain/handles.ts); a handle the database refuses (taken, reserved) shows
 * its words under the field.
 */
export function HandleSection({ userId }: { userId: string }) {
  const handle = useMyHandle(userId);
  const save = useSaveHandle(userId);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (value === null && handle.data) setValue(handle.data);
  }, [handle.data, value]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkHandle(value ?? '');
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    save.mutate(checked.handle, {
      onSuccess: (saved) => {
        setValue(saved);
        toast({ title: HANDLE_MESSAGES.saved, description: `People can mention you as @${saved}.` });
      },
      onError: (failure) => setError((failure as { message?: string }).message || HANDLE_MESSAGES.invalid),
    });
  };

  return (
    <section aria-labelledby="handle-heading" className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <h2 id="handle-heading" className="text-lg font-semibold">
        {HANDLE_MESSAGES.label}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Your @handle links comments to your page and lets people mention you.</p>
      <div className="mt-6">
        {handle.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn&apos;t load your handle.{' '}
            <button type="button" className="font-medium underline" onClick={() => void handle.refetch()}>
              Try again
            </button>
          </p>
        ) : value === null ? (
          <Skeleton className="h-10 w-full" aria-busy="true" />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
            <Label htmlFor="profile-handle">{HANDLE_MESSAGES.label}</Label>
            <div className="flex items-center rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring">
              <span aria-hidden="true" className="pl-3 text-muted-foreground">
                @
              </span>
              <Input
                id="profile-handle"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  if (error) setError(undefined);
                }}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={HANDLE_MAX + 10}
                className="border-0 pl-1 focus-visible:ring-0 focus-visible:ring-offset-0"
                aria-invalid={Boolean(error)}
                aria-describedby={`profile-handle-hint${error ? ' profile-handle-error' : ''}`}
              />
            </div>
            <p id="profile-handle-hint" className="text-xs text-muted-foreground">
              {HANDLE_MESSAGES.hint}
            </p>
            <FieldError id="profile-handle-error">{error}</FieldError>
            <Button type="submit" disabled={save.isPending || value === handle.data} className="self-start">
              {save.isPending ? 'Saving...' : HANDLE_MESSAGES.save}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
