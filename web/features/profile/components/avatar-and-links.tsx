import type { User } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PROFILE_LINKS_MAX } from '../../../../domain/display-name.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { AVATAR_MESSAGES, avatarProblem, checkLinks, fetchCreatorLinks, saveLinks, uploadAvatar } from '../api/profile-extras.ts';
import { profileExtrasKeys } from '../api/query-keys.ts';

/** Upload a picture: it becomes the account's avatar at once (the form's Avatar URL follows). */
export function AvatarUpload({ user, fallbackName, onUploaded }: { user: User; fallbackName: string; onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    setError(problem ?? undefined);
    if (problem) return;
    setBusy(true);
    try {
      onUploaded(await uploadAvatar(user, file, fallbackName));
      toast({ title: 'Avatar updated', description: 'Your new picture is on your profile.' });
    } catch (err) {
      console.error('Error uploading avatar', err);
      setError(AVATAR_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <input ref={input} id="profile-avatar-file" type="file" accept="image/jpeg,image/png,image/gif,image/webp" className="sr-only" aria-label="Avatar image" onChange={onChange} aria-describedby={error ? 'profile-avatar-file-error' : 'profile-avatar-file-hint'} tabIndex={-1} />
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()} className="self-start">
        {busy ? 'Uploading...' : 'Upload avatar'}
      </Button>
      <p id="profile-avatar-file-hint" className="text-xs text-muted-foreground">
        JPEG, PNG, GIF or WebP, up to 5 MB.
      </p>
      <FieldError id="profile-avatar-file-error">{error}</FieldError>
    </div>
  );
}

/** Up to three links shown on the creator page, http(s) only. */
export function ProfileLinks({ user, fallbackName }: { user: User; fallbackName: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: profileExtrasKeys.links(user.id), meta: { private: true }, queryFn: () => fetchCreatorLinks(user.id) });
  const [links, setLinks] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (links === null && saved.isSuccess) setLinks([...saved.data, '', '', ''].slice(0, PROFILE_LINKS_MAX));
  }, [links, saved.isSuccess, saved.data]);

  if (links === null) return null;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkLinks(links);
    setError(checked.problem ?? undefined);
    if (checked.problem) return;
    setBusy(true);
    try {
      await saveLinks(user, checked.links, fallbackName);
      await queryClient.invalidateQueries({ queryKey: profileExtrasKeys.links(user.id) });
      toast({ title: 'Links saved', description: 'They are shown on your creator page.' });
    } catch (err) {
      console.error('Error saving links', err);
      setError(err instanceof Error && err.message.startsWith('Links') ? err.message : "Couldn't save your links. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Profile links">
      {links.map((value, i) => (
        <div key={i} className="flex flex-col gap-1">
          <Label htmlFor={`profile-link-${i}`} className="sr-only">
            Link {i + 1}
          </Label>
          <Input
            id={`profile-link-${i}`}
            type="url"
            inputMode="url"
            value={value}
            placeholder={i === 0 ? 'https://your-site.dev' : 'https://github.com/you'}
            onChange={(e) => setLinks(links.map((l, j) => (j === i ? e.target.value : l)))}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'profile-links-error' : undefined}
          />
        </div>
      ))}
      <FieldError id="profile-links-error">{error}</FieldError>
      <Button type="submit" variant="outline" disabled={busy} className="self-start">
        {busy ? 'Saving...' : 'Save links'}
      </Button>
    </form>
  );
}
