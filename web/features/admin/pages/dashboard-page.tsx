import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Link } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import { isProjectEvent, useDashboardStats, useOutboxStats, useRecentActivity, type ActivityEvent, type DashboardStats, type OutboxStats } from '../api/dashboard.ts';
import { useBackupStatus } from '../api/backups.ts';
import { useStaffRole } from '../api/staff-role.ts';
import { PageHeader } from '../components/data-table.tsx';

// The charts bring uPlot: loaded after the numbers, in a chunk of their own.
const TrendsCard = lazy(() => import('../components/trends-card.tsx'));

const STATS: ReadonlyArray<{ key: keyof DashboardStats; label: string }> = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'totalProjects', label: 'Total Projects' },
  { key: 'totalViews', label: 'Total Views' },
  { key: 'totalComments', label: 'Total Comments' },
];

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Where an event is looked into: its project, or the staff page that handles its kind. */
const PLACE: Record<ActivityEvent['kind'], string> = {
  project_submitted: '/admin/projects',
  project_approved: '/admin/projects',
  project_rejected: '/admin/projects',
  comment_posted: '/admin/moderation',
  report_filed: '/admin/moderation',
  user_signed_up: '/admin/users',
  votes_discounted: '/admin/votes',
  votes_restored: '/admin/votes',
};

/** An event as a link; a project's under its current title (the summary holds the title it had then). */
function ActivityLink({ event }: { event: ActivityEvent }) {
  const className = 'min-w-0 wrap-anywhere text-foreground underline-offset-4 hover:underline';
  if (isProjectEvent(event) && event.currentTitle !== null) {
    const label = event.summary.slice(0, Math.max(0, event.summary.indexOf(': ')));
    return (
      <Link to={`/projects/${event.subject_id}`} className={className}>
        {label ? `${label}: ` : ''}
        {event.currentTitle}
      </Link>
    );
  }
  return (
    <Link to={PLACE[event.kind]} className={className}>
      {event.summary}
    </Link>
  );
}

export default function DashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const stats = useDashboardStats();
  const activity = useRecentActivity(10);
  const { user } = useAuth();
  const isAdmin = useStaffRole(user?.id).data === 'admin';
  return (
    <>
      <PageHeader title="Dashboard" description="What is happening on the site." />
      {stats.isError && (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 p-3 text-sm text-destructive">
          Could not load the statistics. Please reload the page.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map((s) => (
          <Card key={s.key}>
            <CardHeader className="pb-2">
              <CardTitle level={2} className="text-sm font-medium text-muted-foreground">{s.label}</CardTitle>
            </CardHeader>
            <CardContent>
              {stats.data ? (
                <p className="text-3xl font-bold" data-stat={s.key}>
                  {stats.data[s.key].toLocaleString('en-US')}
                </p>
              ) : (
                <Skeleton className="h-9 w-20" />
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <Suspense fallback={null}>
        <TrendsCard />
      </Suspense>
      <OutboxCard />
      {isAdmin && <BackupCard />}
      <Card className="mt-8">
        <CardHeader>
          <CardTitle level={2}>Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {activity.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : activity.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load recent activity.
            </p>
          ) : activity.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Recent activity">
              {activity.data.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm">
                  {/* A 100-character title with no spaces wraps instead of widening the page (defect 14). */}
                  <ActivityLink event={e} />
                  <time dateTime={e.created_at} className="text-xs text-muted-foreground">
                    {formatShortDate(e.created_at)} {timeFormat.format(new Date(e.created_at))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

const OUTBOX: ReadonlyArray<{ key: keyof OutboxStats; label: string }> = [
  { key: 'queued', label: 'Queued' },
  { key: 'sent', label: 'Sent' },
  { key: 'failed', label: 'Failed' },
];

/** Issue 15: the e-mail outbox at a glance (sent and failed over the last 30 days). */
function OutboxCard() {
  const outbox = useOutboxStats();
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle level={2}>E-mail outbox</CardTitle>
        <p className="text-sm text-muted-foreground">Notification e-mails and digests; sent and failed over the last 30 days.</p>
      </CardHeader>
      <CardContent>
        {outbox.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the outbox.
          </p>
        ) : (
          <dl className="grid grid-cols-3 gap-4" aria-label="E-mail outbox">
            {OUTBOX.map((o) => (
              <div key={o.key} className="rounded-lg bg-muted/50 p-4">
                <dt className="text-sm text-muted-foreground">{o.label}</dt>
                <dd className={o.key === 'failed' && (outbox.data?.failed ?? 0) > 0 ? 'text-2xl font-bold text-destructive' : 'text-2xl font-bold'} data-outbox={o.key}>
                  {outbox.data ? outbox.data[o.key].toLocaleString('en-US') : <Skeleton className="h-8 w-12" />}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

const backupTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Issue 36: scheduled backups at a glance, for admins (the status names where backups are kept). */
function BackupCard() {
  const backups = useBackupStatus(true);
  const status = backups.data;
  const run = status?.last_run;
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle level={2}>Backups</CardTitle>
        <p className="text-sm text-muted-foreground">Taken on a schedule (BACKUP_DIR) and restore-tested after each one.</p>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {backups.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the backup status.
          </p>
        ) : !status ? (
          <Skeleton className="h-12 w-full" />
        ) : (
          <>
            <p className="text-base font-medium" data-backup="last-good">
              Last good backup:{' '}
              {status.last_good_at ? (
                <time dateTime={status.last_good_at}>{backupTime.format(new Date(status.last_good_at))}</time>
              ) : (
                'none yet'
              )}
            </p>
            {status.alert && (
              <p role="alert" className="rounded-md border border-destructive/40 p-3 text-destructive" data-backup="alert">
                {status.alert === 'failed'
                  ? 'The last backup or its restore test failed.'
                  : status.last_good_at
                    ? 'The last good backup is more than a day old.'
                    : 'No backup has been taken and restore-tested in the last day.'}
              </p>
            )}
            {run ? (
              <dl className="grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[max-content_1fr]">
                <dt>Last run</dt>
                <dd className="wrap-anywhere text-foreground">
                  {backupTime.format(new Date(run.started_at))}: {run.ok ? 'written' : 'failed'}
                  {run.bytes !== null ? ` (${(run.bytes / 1024 / 1024).toFixed(1)} MB${run.encrypted ? ', encrypted' : ''})` : ''}
                </dd>
                <dt>Restore test</dt>
                <dd className="wrap-anywhere text-foreground">
                  {run.restore_test_ok === null ? 'not run' : run.restore_test_ok ? 'passed' : 'failed'}
                  {run.error ?? run.restore_test_detail ? `: ${run.error ?? run.restore_test_detail}` : ''}
                </dd>
                {run.database === 'postgres' && (
                  <>
                    <dt>pg_dump</dt>
                    <dd className="wrap-anywhere text-foreground">{run.pg_dump ?? 'not run'}</dd>
                  </>
                )}
                <dt>Kept in</dt>
                <dd className="wrap-anywhere text-foreground">{run.location}</dd>
              </dl>
            ) : (
              <p className="text-muted-foreground">No scheduled backup has run. Set BACKUP_DIR to take them (see the README).</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
