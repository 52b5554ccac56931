import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DIGEST_LOCAL_HOUR } from '../../../../domain/notifications.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { browserTimeZones, useSaveTimeZone, useTimeZone } from '../api/time-zone.ts';

const SITE_DEFAULT = '';

/**
 * The Profile page's notification part: the account's time zone (digests arrive at
 * DIGEST_LOCAL_HOUR in it) and the way to /settings/notifications.
 */
export function NotificationProfileSettings() {
  const { user } = useAuth();
  const stored = useTimeZone(user?.id);
  const save = useSaveTimeZone(user?.id);
  const zones = useMemo(browserTimeZones, []);
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    if (stored.isSuccess && zone === null) setZone(stored.data ?? SITE_DEFAULT);
  }, [stored.isSuccess, stored.data, zone]);

  const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(zone || null, {
      onSuccess: () => toast({ title: 'Time zone saved', description: 'Your daily digest follows your new time zone.' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error instanceof Error ? error.message : 'Failed to save. Please try again.' }),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={onSubmit} className="flex flex-col gap-2">
        <Label htmlFor="profile-time-zone">Time zone</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <NativeSelect
            id="profile-time-zone"
            className="sm:w-80"
            value={zone ?? SITE_DEFAULT}
            disabled={zone === null}
            onChange={(e) => setZone(e.target.value)}
            aria-describedby="profile-time-zone-hint"
          >
            <option value={SITE_DEFAULT}>The site’s time zone</option>
            {zone && !zones.includes(zone) && <option value={zone}>{zone}</option>}
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
                {z === guess ? ' (this device)' : ''}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="outline" disabled={save.isPending || zone === null || zone === (stored.data ?? SITE_DEFAULT)}>
            {save.isPending ? 'Saving...' : 'Save time zone'}
          </Button>
        </div>
        <p id="profile-time-zone-hint" className="text-xs text-muted-foreground">
          Daily digests arrive around {DIGEST_LOCAL_HOUR}:00 in this time zone.
        </p>
      </form>
      <Link to="/settings/notifications" className={buttonVariants({ variant: 'secondary', className: 'self-start' })}>
        Notification settings
      </Link>
    </div>
  );
}
