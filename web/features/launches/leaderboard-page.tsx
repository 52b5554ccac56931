import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import NotFoundPage from '../../components/not-found-page.tsx';
import { useLeaderboard } from './api/get-launches.ts';
import { LaunchList, ShuffleNote } from './components/launch-list.tsx';
import { parsePeriod, periodLabel, periodPath, shiftPeriod, sqlPeriod, type Period, type PeriodKind } from '../../../domain/launch-periods.ts';

const TITLES: Record<PeriodKind, string> = { daily: 'Daily leaderboard', weekly: 'Weekly leaderboard', monthly: 'Monthly leaderboard' };

/** /leaderboard/daily|weekly|monthly/…: a period's launches by in-window points, with previous/next. */
export default function LeaderboardPage() {
  const { kind, value } = useParams();
  const period = parsePeriod(kind, value);
  if (!period) return <NotFoundPage />;
  return <Leaderboard period={period} />;
}

function Leaderboard({ period }: { period: Period }) {
  const label = periodLabel(period);
  useDocumentTitle(`${TITLES[period.kind]}: ${label}`);
  const { data, isPending, isError } = useLeaderboard(sqlPeriod(period.kind), period.start);
  const prev = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <nav aria-label="Leaderboards" className="flex flex-wrap gap-2 text-sm">
        {(['daily', 'weekly', 'monthly'] as const).map((k) => (
          <Link
            key={k}
            to={periodPath({ kind: k, start: k === 'monthly' ? `${period.start.slice(0, 8)}01` : k === 'weekly' ? mondayOf(period.start) : period.start })}
            aria-current={k === period.kind ? 'page' : undefined}
            className={buttonVariants({ variant: k === period.kind ? 'default' : 'outline', size: 'sm' })}
          >
            {k[0]!.toUpperCase() + k.slice(1)}
          </Link>
        ))}
        <Link to="/upcoming" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          Upcoming
        </Link>
        <Link to="/winners" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          Winners
        </Link>
      </nav>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{TITLES[period.kind]}</h1>
      <div className="mt-2 flex items-center justify-between gap-2">
        <Link to={periodPath(prev)} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label="Previous period">
          <ArrowLeftIcon /> Previous
        </Link>
        <p className="text-center font-medium text-muted-foreground">{label}</p>
        <Link to={periodPath(next)} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label="Next period">
          Next <ArrowRightIcon />
        </Link>
      </div>
      <div className="mt-6">
        {isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="rounded-xl border border-dashed border-border p-8 text-center">Couldn't load the leaderboard.</p>
        ) : data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No launches in this period.</p>
        ) : (
          <>
            <div className="mb-3">
              <ShuffleNote shuffled={data[0]!.shuffled} />
            </div>
            <LaunchList rows={data} showTime={period.kind === 'daily'} />
          </>
        )}
      </div>
    </div>
  );
}

function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
