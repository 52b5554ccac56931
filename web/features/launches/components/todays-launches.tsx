import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useLiveInvalidate } from '../../../lib/live/live.ts';
import { useHomeLaunches } from '../api/get-launches.ts';
import { launchKeys } from '../api/query-keys.ts';
import { LaunchList, ShuffleNote } from './launch-list.tsx';

/** Home › Today's launches (issue 16): right under the hero, with yesterday's top 3 and the archive. */
export default function TodaysLaunches() {
  const { data, isError, isRefetching, refetch } = useHomeLaunches();
  const { hash } = useLocation();
  // The header's Launches › Today's launches lands here (/#todays-launches).
  const ready = Boolean(data);
  useEffect(() => {
    if (ready && hash === '#todays-launches') document.getElementById('todays-launches')?.scrollIntoView();
  }, [hash, ready]);
  // Votes move the ranking as they happen (issue 20): any change to a project refetches the list.
  useLiveInvalidate('projects', launchKeys.home);
  // The API failed (issue 30 item 5): the section says so with a retry, like the others on home,
  // instead of vanishing without a word.
  if (isError && !data) return <TodaysLaunchesError retrying={isRefetching} retry={() => void refetch()} />;
  if (!data || (data.launches.length === 0 && data.yesterday.length === 0)) return null;
  const shuffled = data.launches[0]?.shuffled;
  return (
    <section id="todays-launches" aria-labelledby="todays-launches-heading" className="scroll-mt-20 mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="todays-launches-heading" className="text-2xl font-bold tracking-tight">
            Today's launches
          </h2>
          <div className="mt-1">
            <ShuffleNote shuffled={Boolean(shuffled)} />
          </div>
        </div>
        <div className="flex flex-wrap gap-4 text-sm">
          {data.upcoming > 0 && (
            <Link to="/upcoming" className="font-medium text-primary hover:underline">
              Upcoming ({data.upcoming})
            </Link>
          )}
          <Link to={`/leaderboard/daily/${data.today}`} className="font-medium text-primary hover:underline">
            Leaderboards
          </Link>
          <Link to="/winners" className="font-medium text-primary hover:underline">
            Winners
          </Link>
        </div>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {data.launches.length > 0 ? (
            <LaunchList rows={data.launches} showTime />
          ) : (
            <p className="rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">No launches yet today.</p>
          )}
        </div>
        {data.yesterday.length > 0 && (
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">Yesterday's top 3</h3>
            <LaunchList rows={data.yesterday} compact />
          </div>
        )}
      </div>
    </section>
  );
}

function TodaysLaunchesError({ retrying, retry }: { retrying: boolean; retry: () => void }) {
  return (
    <section id="todays-launches" aria-labelledby="todays-launches-heading" className="scroll-mt-20 mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      <h2 id="todays-launches-heading" className="text-2xl font-bold tracking-tight">
        Today's launches
      </h2>
      <div role="alert" className="mt-4 rounded-xl border border-dashed border-border px-6 py-10 text-center">
        <h3 className="text-lg font-semibold">Couldn't load today's launches</h3>
        <p className="mt-2 text-sm text-muted-foreground">Check your connection and try again.</p>
        <button type="button" className={buttonVariants({ variant: 'outline', className: 'mt-6' })} disabled={retrying} onClick={retry}>
          {retrying ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    </section>
  );
}
