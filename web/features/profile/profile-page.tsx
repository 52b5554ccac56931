import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../../domain/messages.ts';
import { TEXT_LIMITS } from '../../../domain/limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FieldError, Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { refreshShownErrors } from '../../lib/field-errors.ts';
import { initials } from '../../lib/format.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { sharedKeys } from '../../lib/query-keys.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { creatorNameFor } from '../submit/index.ts';
import { NotificationProfileSettings } from '../notifications/index.ts';
import { projectKeys } from '../projects/index.ts';
import { checkProfile, type ProfileErrors, type ProfileValues } from './api/profile-check.ts';
import { fetchCreatorBio, profileFromUser, saveProfile } from './api/profile.ts';
import { profileKeys } from './api/query-keys.ts';
import { ChangePassword } from './components/change-password.tsx';
import { DeleteAccount } from './components/delete-account.tsx';
import { HandleSection } from './components/handle-field.tsx';
import { SignOutEverywhere } from './components/sign-out-everywhere.tsx';
import { TwoFactorSection } from './components/two-factor.tsx';
import { AvatarUpload, ProfileLinks } from './components/avatar-and-links.tsx';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const bio = useQuery({
    queryKey: profileKeys.bio(user?.id),
    enabled: Boolean(user),
    meta: { private: true },
    queryFn: () => fetchCreatorBio(user!.id),
  });
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);

  // The form starts from the account once its creator bio has loaded (or failed to).
  useEffect(() => {
    if (user && values === null && !bio.isPending) setValues(profileFromUser(user, bio.data));
  }, [user, bio.isPending, bio.data, values]);

  if (!user) return null;
  // A name chosen before the display-name rules (decision 226) may be kept as it is.
  const keptName = typeof user.user_metadata?.name === 'string' ? user.user_metadata.name : undefined;
  const fallbackName = creatorNameFor({ email: user.email, user_metadata: user.user_metadata });
  const set = (f: keyof ProfileValues) => (e: { target: { value: string } }) => {
    if (!values) return;
    const next = { ...values, [f]: e.target.value };
    setValues(next);
    setErrors((shown) => refreshShownErrors(shown, checkProfile(next, keptName).errors));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values) return;
    const { data, errors: found } = checkProfile(values, keptName);
    setErrors(found);
    if (!data) return;
    setBusy(true);
    try {
      await saveProfile(user, data, creatorNameFor({ email: user.email, user_metadata: {} }));
      await queryClient.invalidateQueries({ queryKey: profileKeys.bio(user.id) });
      // Cards, detail pages (all under ['projects']) and comments show the new name.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allComments });
      setValues({ name: data.name, bio: data.bio ?? '', avatarUrl: data.avatarUrl ?? '' });
      toast({ ...MESSAGES.profileSaved });
    } catch (error) {
      console.error('Error updating profile', error);
      toast({ variant: 'destructive', title: 'Error', description: MESSAGES.profileFailure });
    } finally {
      setBusy(false);
    }
  };

  const avatar = values ? safeHttpUrl(values.avatarUrl.trim()) : undefined;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Profile Settings</h1>
        <p className="mt-2 text-muted-foreground">How you appear on your projects and comments.</p>
      </header>

      <Section title="Profile" description="Your name and bio are shown with your projects and comments.">
        {!values ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <div className="flex items-center gap-4">
              <span className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-full bg-accent-soft text-lg font-semibold text-accent-soft-foreground">
                {avatar ? <img src={avatar} alt="Avatar preview" className="h-full w-full object-cover" /> : initials(values.name || user.email || '')}
              </span>
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium">{values.name || creatorNameFor(user)}</p>
                <p className="truncate text-muted-foreground">{user.email}</p>
              </div>
            </div>
            <AvatarUpload user={user} fallbackName={fallbackName} onUploaded={(url) => setValues((v) => (v ? { ...v, avatarUrl: url } : v))} />
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-email">Email</Label>
              <Input id="profile-email" type="email" value={user.email ?? ''} readOnly disabled aria-describedby="profile-email-hint" />
              <p id="profile-email-hint" className="text-xs text-muted-foreground">
                Your e-mail address cannot be changed.
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-name">Display name</Label>
              <Input id="profile-name" value={values.name} onChange={set('name')} autoComplete="name" maxLength={TEXT_LIMITS.creatorName + 20} aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? 'profile-name-error' : undefined} />
              <FieldError id="profile-name-error">{errors.name}</FieldError>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-bio">Bio</Label>
              <Textarea id="profile-bio" value={values.bio} onChange={set('bio')} rows={4} placeholder="A line or two about you and what you build" aria-invalid={Boolean(errors.bio)} aria-describedby={errors.bio ? 'profile-bio-error' : undefined} />
              <FieldError id="profile-bio-error">{errors.bio}</FieldError>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="profile-avatar">Avatar URL</Label>
              <Input id="profile-avatar" type="url" inputMode="url" value={values.avatarUrl} onChange={set('avatarUrl')} placeholder="https://example.com/me.png" aria-invalid={Boolean(errors.avatarUrl)} aria-describedby={errors.avatarUrl ? 'profile-avatar-error' : undefined} />
              <FieldError id="profile-avatar-error">{errors.avatarUrl}</FieldError>
            </div>
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        )}
      </Section>

      <HandleSection userId={user.id} />
      <Section title="Links" description="Up to three links on your creator page: your site, GitHub, X or LinkedIn.">
        <ProfileLinks user={user} fallbackName={fallbackName} />
      </Section>

      <Section title="Notifications" description="What we tell you about, in the app and by e-mail, and your time zone for the daily digest.">
        <NotificationProfileSettings />
      </Section>

      <Section title="Change password" description="Choose a new password for signing in with your e-mail.">
        <ChangePassword />
      </Section>

      <Section title="Two-factor authentication" description="A code from an authenticator app on your phone, asked for at every sign-in, so a stolen password alone is not enough.">
        <TwoFactorSection userId={user.id} />
      </Section>

      <Section title="Signed-in devices" description="Signing out from the menu ends the session on this device only. This signs you out everywhere, including this device.">
        <SignOutEverywhere />
      </Section>

      <DeleteAccount />
    </div>
  );
}
