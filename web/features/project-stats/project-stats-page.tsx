import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SegmentedTabs } from '../../components/ui/segmented-tabs.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { STATS_RANGES, useProjectStatsPage, type ProjectStatsPage, type StatsRange } from './api/project-stats-page.ts';
import { LaunchDay } from './components/launch-day.tsx';
import { ReferrerBars } from './components/referrer-bars.tsx';
import { StatTiles, type Tile } from './components/stat-tiles.tsx';
import { TimeSeriesChart, type ChartSeries } from '../../components/charts/time-series-chart.tsx';

const RANGES = Object.keys(STATS_RANGES) as StatsRange[];
const PANEL_ID = 'project-stats-panel';
const DAY_SECONDS = 86_400;
const COUNTS = ['y'];

/** A site day ("2031-03-11") as Unix seconds at its UTC midnight: the charts' x, drawn in UTC. */
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const formatDay = (s: number) => new Date(s * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const sum = <T,>(rows: T[], pick: (row: T) => number) => rows.reduce((n, r) => n + pick(r), 0);

/** /my-projects/:id/stats: a project's numbers for its makers (the database refuses anyone else). */
export default function ProjectStatsPage() {
  const { id = '' } = useParams();
  const [range, setRange] = useState<StatsRange>('30 days');
  const query = useProjectStatsPage(id, STATS_RANGES[range]);
  const title = query.data?.project.title;
  useDocumentTitle(title ? `Stats: ${title}` : 'Stats');

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link to="/my-projects" className="text-sm text-muted-foreground hover:text-foreground hover:underline">
            ← My Projects
          </Link>
          <h1 className="mt-2 break-words text-3xl font-bold tracking-tight">{title ? `Stats for ${title}` : 'Stats'}</h1>
          <p className="mt-1 text-muted-foreground">Counted without cookies; only you and your co-makers see them.</p>
        </div>
        <SegmentedTabs label="Period" options={RANGES} value={range} onChange={setRange} panelId={PANEL_ID} />
      </header>

      <div id={PANEL_ID} role="tabpanel" aria-label={`The last ${range}`} aria-busy={query.isFetching} className="flex flex-col gap-8">
        {query.isPending ? (
          <div className="flex flex-col gap-4" aria-label="Loading the stats">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-20" />)}
            </div>
            <Skeleton className="h-64" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="rounded-xl border border-border p-10 text-center">
            {(query.error as { code?: string }).code === '42501' ? (
              <p className="font-semibold">Only the project's makers can see its stats.</p>
            ) : (
              <>
                <p className="font-semibold">The stats could not be loaded.</p>
                <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </>
            )}
          </div>
        ) : (
          <Stats data={query.data} />
        )}
      </div>
    </section>
  );
}

function Stats({ data }: { data: ProjectStatsPage }) {
  const { x, traffic, activity } = useMemo(() => {
    const start = daySeconds(data.from_day);
    const count = Math.round((daySeconds(data.to_day) - start) / DAY_SECONDS) + 1;
    const x = Array.from({ length: count }, (_, i) => start + i * DAY_SECONDS);
    // Days without a row had nothing: zeros, so the line goes down rather than skipping them.
    const at = <T extends { day: string }>(rows: T[]) => {
      const byDay = new Map(rows.map((r) => [daySeconds(r.day), r]));
      return x.map((t) => byDay.get(t));
    };
    const days = at(data.days);
    const acts = at(data.activity);
    const traffic: ChartSeries[] = [
      { label: 'Views', values: days.map((d) => d?.views ?? 0) },
      { label: 'Unique visitors', values: days.map((d) => d?.uniques ?? 0) },
      { label: 'Live-site clicks', values: days.map((d) => d?.live_clicks ?? 0) },
    ];
    const activity: ChartSeries[] = [
      { label: 'Votes', values: acts.map((d) => d?.votes ?? 0) },
      { label: 'Comments', values: acts.map((d) => d?.comments ?? 0) },
      { label: 'Followers gained', values: acts.map((d) => d?.followers ?? 0) },
    ];
    return { x, traffic, activity };
  }, [data]);

  const views = sum(data.days, (d) => d.views);
  const liveClicks = sum(data.days, (d) => d.live_clicks);
  const tiles: Tile[] = [
    { label: 'Views', value: views.toLocaleString() },
    { label: 'Unique visitors', value: sum(data.days, (d) => d.uniques).toLocaleString() },
    { label: 'Live-site clicks', value: liveClicks.toLocaleString() },
    { label: 'Click-through rate', value: views ? `${((liveClicks / views) * 100).toFixed(1)}%` : '–', hint: 'Live-site clicks per view' },
    { label: 'Votes', value: sum(data.activity, (d) => d.votes).toLocaleString() },
    { label: 'Comments', value: sum(data.activity, (d) => d.comments).toLocaleString() },
    { label: 'Followers gained', value: sum(data.activity, (d) => d.followers).toLocaleString() },
    { label: 'Card impressions', value: sum(data.days, (d) => d.impressions).toLocaleString(), hint: 'Times its card was seen in a list' },
  ];

  return (
    <>
      <StatTiles tiles={tiles} />
      <Panel title="Visitors">
        <TimeSeriesChart title="Views, unique visitors and live-site clicks per day" x={x} series={traffic} formatX={formatDay} utc integerScales={COUNTS} />
      </Panel>
      <Panel title="Votes, comments and followers">
        <TimeSeriesChart title="Votes, comments and followers gained per day" x={x} series={activity} formatX={formatDay} utc integerScales={COUNTS} />
      </Panel>
      <div className="grid gap-8 lg:grid-cols-2">
        <Panel title="Top referrers">
          <ReferrerBars referrers={data.referrers} />
        </Panel>
        <Panel title="Launch day">
          {data.launch ? <LaunchDay launch={data.launch} /> : <p className="text-sm text-muted-foreground">This project has not launched yet.</p>}
        </Panel>
      </div>
    </>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
