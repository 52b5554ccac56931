import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes.ts';
import { errorMessage } from '../api/errors.ts';
import { useSaveSettings, useSiteSettings, type SiteSettings } from '../api/settings.ts';
import { PageHeader } from '../components/data-table.tsx';

function SwitchField({ id, label, hint, checked, onChange }: { id: string; label: string; hint: ReactNode; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
      <div>
        <Label htmlFor={id} className="font-medium">
          {label}
        </Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** The browser's list of IANA zones, with UTC first and the stored one always present. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const stored = useSiteSettings();
  const save = useSaveSettings();
  const [form, setForm] = useState<SiteSettings | null>(null);
  useEffect(() => {
    if (stored.data) setForm(stored.data);
  }, [stored.data]);
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const dirty = !!form && !!stored.data && (Object.keys(form) as Array<keyof SiteSettings>).some((k) => form[k] !== stored.data![k]);
  useUnsavedChangesPrompt(dirty);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    save.mutate(form, {
      onSuccess: () => toast({ title: 'Saved', description: 'Settings saved successfully.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  if (stored.isError) {
    return (
      <p role="alert" className="text-destructive">
        Could not load the settings. Please reload the page.
      </p>
    );
  }
  if (!form) return <Skeleton className="h-64 w-full" />;

  return (
    <form onSubmit={submit}>
      <PageHeader
        title="Settings"
        description="Saved for the whole site and applied at once."
        actions={
          <div className="flex items-center gap-3">
            <span role="status" className="text-sm text-muted-foreground">
              {dirty ? 'Unsaved changes' : ''}
            </span>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        }
      />
      <Tabs defaultValue="general">
        <TabsList className="flex-wrap">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="appearance">Appearance</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="grid max-w-2xl gap-4">
          <div className="grid gap-2">
            <Label htmlFor="site-name">Site Name</Label>
            <Input id="site-name" required maxLength={80} value={form.site_name} onChange={(e) => set('site_name', e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="site-description">Site Description</Label>
            <Textarea
              id="site-description"
              rows={3}
              maxLength={300}
              value={form.site_description}
              onChange={(e) => set('site_description', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="time-zone">Time Zone</Label>
            <NativeSelect id="time-zone" aria-describedby="time-zone-hint" value={form.time_zone} onChange={(e) => set('time_zone', e.target.value)}>
              {timeZones(form.time_zone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </NativeSelect>
            <p id="time-zone-hint" className="text-sm text-muted-foreground">
              Where a day, week and month begin for the Top list, launch days and leaderboards.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="launches-per-day">Launches per day</Label>
            <Input
              id="launches-per-day"
              type="number"
              min={0}
              max={1000}
              aria-describedby="launches-per-day-hint"
              value={String(form.launches_per_day)}
              onChange={(e) => set('launches_per_day', Math.max(0, Math.floor(Number(e.target.value) || 0)))}
            />
            <p id="launches-per-day-hint" className="text-sm text-muted-foreground">
              How many projects may pick the same launch day (0 = no limit).
            </p>
          </div>
          <SwitchField
            id="launch-shuffle"
            label="Shuffle today's launches"
            hint="For the first 4 hours of a day, Today's launches shows in random order so every launch gets a fair look."
            checked={form.launch_shuffle}
            onChange={(v) => set('launch_shuffle', v)}
          />
        </TabsContent>
        <TabsContent value="security" className="grid max-w-2xl gap-4">
          <SwitchField
            id="allow-registration"
            label="Allow Registration"
            hint="When off, the sign-up form and the auth server refuse new accounts."
            checked={form.allow_registration}
            onChange={(v) => set('allow_registration', v)}
          />
          <SwitchField
            id="allow-anonymous-votes"
            label="Allow anonymous visitors to vote"
            hint="A visitor's first upvote signs them in anonymously, without a sign-up form. When off, only accounts vote; sign-ups are unaffected."
            checked={form.allow_anonymous_votes}
            onChange={(v) => set('allow_anonymous_votes', v)}
          />
          <SwitchField
            id="require-email-verification"
            label="Require Email Verification"
            hint="When off, new accounts are signed in at once without confirming their e-mail."
            checked={form.require_email_verification}
            onChange={(v) => set('require_email_verification', v)}
          />
          <SwitchField
            id="moderation-enabled"
            label="Content Moderation"
            hint="When on, new projects wait for review; when off, they are published at once."
            checked={form.moderation_enabled}
            onChange={(v) => set('moderation_enabled', v)}
          />
          <SwitchField
            id="require-staff-two-factor"
            label="Require two-factor for staff"
            hint="When on, admins and moderators act as staff only after signing in with a code from their authenticator app (Profile › Two-factor authentication). Turning it on needs your own code first."
            checked={form.require_staff_two_factor}
            onChange={(v) => set('require_staff_two_factor', v)}
          />
          <SwitchField
            id="public-moderation-log"
            label="Public moderation log"
            hint="Publish removals and bans, with their reasons, at /moderation. It names no moderator and shows no personal data."
            checked={form.public_moderation_log}
            onChange={(v) => set('public_moderation_log', v)}
          />
        </TabsContent>
        <TabsContent value="notifications" className="grid max-w-2xl gap-4">
          <SwitchField
            id="email-notifications"
            label="Email Notifications"
            hint="E-mail makers when their project is approved or rejected."
            checked={form.email_notifications}
            onChange={(v) => set('email_notifications', v)}
          />
          <SwitchField
            id="push-notifications"
            label="Push Notifications"
            hint="Stored for later: push notifications are not delivered yet."
            checked={form.push_notifications}
            onChange={(v) => set('push_notifications', v)}
          />
        </TabsContent>
        <TabsContent value="appearance" className="max-w-2xl">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Theme</legend>
            {(['light', 'dark', 'system'] as const).map((t) => (
              <label key={t} className="flex items-center gap-2 text-sm capitalize">
                <input type="radio" name="theme" value={t} checked={form.theme === t} onChange={() => set('theme', t)} className="h-4 w-4" />
                {t}
              </label>
            ))}
            <p className="mt-2 text-sm text-muted-foreground">The site's default; visitors can still switch between light and dark.</p>
          </fieldset>
        </TabsContent>
      </Tabs>
    </form>
  );
}
