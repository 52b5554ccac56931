import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  DIGEST_LOCAL_HOUR,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_TYPE_INFO,
  type EmailMode,
  type NotificationGroup,
  type NotificationTypeInfo,
  receives,
} from '../../../domain/notifications.ts';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useAppRole } from '../../lib/session/use-app-role.ts';
import { usePreferences, useSavePreferences, type Preference } from './api/preferences.ts';
import { useTimeZone } from './api/time-zone.ts';

type Choices = Record<string, { inApp: boolean; email: EmailMode }>;

const GROUP_ORDER: NotificationGroup[] = ['projects', 'people', 'reports', 'staff'];

/** /settings/notifications: for each type, in-app on or off and e-mail off, at once or in the daily digest. */
export default function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  const { user } = useAuth();
  const role = useAppRole(user?.id);
  const stored = usePreferences(user?.id);
  const timeZone = useTimeZone(user?.id);
  const save = useSavePreferences(user?.id);
  const [choices, setChoices] = useState<Choices | null>(null);

  const shown = useMemo(() => NOTIFICATION_TYPE_INFO.filter((t) => t.active && receives(role.data, t.audience)), [role.data]);
  const saved = useMemo(() => (stored.data ? withDefaults(stored.data) : null), [stored.data]);

  useEffect(() => {
    if (saved && choices === null) setChoices(saved);
  }, [saved, choices]);

  const changed = (): Preference[] =>
    choices && saved
      ? shown
          .filter((t) => choices[t.type]!.inApp !== saved[t.type]!.inApp || choices[t.type]!.email !== saved[t.type]!.email)
          .map((t) => ({ type: t.type, in_app: choices[t.type]!.inApp, email: choices[t.type]!.email }))
      : [];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(changed(), {
      onSuccess: () => toast({ title: 'Settings saved', description: 'Your notification settings have been saved.' }),
      onError: (error) => {
        console.error('Error saving notification settings', error);
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to save your notification settings. Please try again.' });
      },
    });
  };

  const zone = timeZone.data ?? 'the site’s time zone';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header>
        <Link to="/profile" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon /> Back to Profile
        </Link>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Notification settings</h1>
        <p className="mt-2 text-muted-foreground">
          Choose what we tell you about, in the app and by e-mail. Daily digests arrive around {DIGEST_LOCAL_HOUR}:00 in {zone}
          {' '}(<Link to="/profile" className="text-primary underline underline-offset-4">change it in your profile</Link>).
        </p>
      </header>

      {!choices ? (
        stored.isError ? (
          <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">
            Could not load your notification settings. Please reload the page.
          </p>
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        )
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-8">
          {GROUP_ORDER.map((group) => {
            const rows = shown.filter((t) => t.group === group);
            if (!rows.length) return null;
            return (
              <fieldset key={group} className="rounded-2xl border border-border bg-card shadow-sm">
                <legend className="sr-only">{NOTIFICATION_GROUP_LABELS[group]}</legend>
                <h2 className="border-b border-border px-5 py-4 text-base font-semibold sm:px-6" aria-hidden="true">
                  {NOTIFICATION_GROUP_LABELS[group]}
                </h2>
                <ul className="divide-y divide-border">
                  {rows.map((info) => (
                    <PreferenceRow
                      key={info.type}
                      info={info}
                      value={choices[info.type]!}
                      onChange={(next) => setChoices((c) => (c ? { ...c, [info.type]: next } : c))}
                    />
                  ))}
                </ul>
              </fieldset>
            );
          })}
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={save.isPending || changed().length === 0}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
            {changed().length === 0 && !save.isPending && <span className="text-sm text-muted-foreground">No unsaved changes</span>}
          </div>
        </form>
      )}
    </div>
  );
}

function PreferenceRow({ info, value, onChange }: { info: NotificationTypeInfo; value: { inApp: boolean; email: EmailMode }; onChange: (v: { inApp: boolean; email: EmailMode }) => void }) {
  const id = useId();
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6" data-testid={`preference-${info.type}`}>
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-medium">
          {info.label}
        </p>
        <p className="text-sm text-muted-foreground">{info.description}</p>
      </div>
      <div className="flex shrink-0 items-center gap-5">
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <Checkbox
            checked={value.inApp}
            onChange={(e) => onChange({ ...value, inApp: e.target.checked })}
            aria-describedby={`${id}-label`}
          />
          In-app
        </label>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-email`} className="text-sm">
            E-mail
          </label>
          <NativeSelect
            id={`${id}-email`}
            className="h-9 w-36"
            value={value.email}
            aria-describedby={`${id}-label`}
            onChange={(e) => onChange({ ...value, email: e.target.value as EmailMode })}
          >
            {EMAIL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {EMAIL_MODE_LABELS[mode]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </li>
  );
}

/** Every type's effective choice: the stored row, else the type's defaults. */
function withDefaults(rows: Preference[]): Choices {
  const byType = new Map(rows.map((r) => [r.type, r]));
  return Object.fromEntries(
    NOTIFICATION_TYPE_INFO.map((t) => {
      const row = byType.get(t.type);
      return [t.type, { inApp: row?.in_app ?? t.inApp, email: row?.email ?? t.email }];
    }),
  );
}
