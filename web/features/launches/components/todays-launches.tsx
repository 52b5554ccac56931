import { Link } from 'react-router-dom';
import { useLiveInvalidate } from '../../../lib/live/live.ts';
import { useHomeLaunches } from '../api/get-launches.ts';
import { launchKeys } from '../api/query-keys.ts';
import { LaunchList } from './launch-list.tsx';

/** Home › Today's launches (issue 16): right under the hero, with yesterday's top 3 and the archive. */
export default function TodaysLaunches() {
  const { data, isError } = useHomeLaunches();
  // Votes move the ranking as they happen (issue 20): any change to a project refetches the list.
  useLiveInvalidate('projects', launchKeys.home);
  if (isError || !data || (data.launches.length === 0 && data.yesterday.length === 0)) return null;
  const shuffled = data.launches[0]?.shuffled;
  return (
    <section aria-labelledby="todays-launches-heading" className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="todays-launches-heading" className="text-2xl font-bold tracking-tight">
            Today's launches
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {shuffled ? 'In random order for the first hours of the day, so every launch gets a fair look.' : 'Ranked by points earned today.'}
          </p>
        </div>
        <div className="flex gap-4 text-sm">
          {data.upcoming > 0 && (
            <Link to="/upcoming" className="font-medium text-primary hover:underline">
              Upcoming ({data.upcoming})
            </Link>
          )}
          <Link to={`/leaderboard/daily/${data.today}`} className="font-medium text-primary hover:underline">
            Leaderboard archive
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
            <LaunchList rows={data.yesterday} />
          </div>
        )}
      </div>
    </section>
  );
}
