import { useMemo } from 'react';
import type { LaunchNumbers, ProjectStatsPage } from '../api/project-stats-page.ts';
import { TimeSeriesChart, type ChartSeries } from '../../../components/charts/time-series-chart.tsx';

type Launch = NonNullable<ProjectStatsPage['launch']>;

const RANK_SCALES = ['rank'];
const COUNT_SCALES = ['rank'];
const time = (s: number) => new Date(s * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const round = (n: number) => (Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 1 }));

const ROWS: Array<{ key: keyof LaunchNumbers; label: string }> = [
  { key: 'views', label: 'Views' },
  { key: 'uniques', label: 'Unique visitors' },
  { key: 'live_clicks', label: 'Live-site clicks' },
  { key: 'votes', label: 'Votes' },
  { key: 'points', label: 'Points' },
  { key: 'comments', label: 'Comments' },
];

/** The launch day: rank and points through the day (the snapshots), and the day against its median launch. */
export function LaunchDay({ launch }: { launch: Launch }) {
  const { x, series } = useMemo(() => {
    const x = launch.snapshots.map((s) => Math.round(new Date(s.at).getTime() / 1000));
    const series: ChartSeries[] = [
      { label: 'Rank', scale: 'rank', values: launch.snapshots.map((s) => s.rank), format: (v) => `#${v}` },
      { label: 'Points', scale: 'points', values: launch.snapshots.map((s) => s.points), format: round },
      { label: 'Votes', scale: 'points', values: launch.snapshots.map((s) => s.upvotes) },
    ];
    return { x, series };
  }, [launch.snapshots]);
  const closing = launch.snapshots.find((s) => s.closing);
  const day = new Date(`${launch.day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Launched on {day}.{closing?.rank ? ` It finished the day at #${closing.rank} with ${round(closing.points)} points.` : ''}
      </p>
      {x.length > 0 ? (
        <TimeSeriesChart title="Rank and points during the launch day" x={x} series={series} formatX={time} invertedScales={RANK_SCALES} integerScales={COUNT_SCALES} />
      ) : (
        <p className="text-sm text-muted-foreground">No rank was recorded for this launch day (ranks are written down every 10 minutes while a launch day runs).</p>
      )}
      {launch.mine && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Launch day against that day's median launch</h3>
          {launch.median ? (
            <table className="w-full text-sm" data-testid="launch-median">
              <caption className="sr-only">Your launch day and the median of the {launch.median.launches} launches that day</caption>
              <thead>
                <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">Number</th>
                  <th scope="col" className="py-1 font-medium">Yours</th>
                  <th scope="col" className="py-1 font-medium">Median of {launch.median.launches}</th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map(({ key, label }) => {
                  const mine = launch.mine![key];
                  const median = launch.median![key];
                  const most = Math.max(mine, median, 1);
                  return (
                    <tr key={key} className="border-t border-border">
                      <th scope="row" className="py-2 pr-3 text-left font-normal">{label}</th>
                      <td className="w-2/5 py-2 pr-3"><Bar value={mine} of={most} strong /></td>
                      <td className="w-2/5 py-2"><Bar value={median} of={most} /></td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted-foreground">Fewer than 5 projects launched that day, so there is no median to compare with.</p>
          )}
        </div>
      )}
    </div>
  );
}

function Bar({ value, of, strong = false }: { value: number; of: number; strong?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
        <span className={`block h-full rounded-full ${strong ? 'bg-primary' : 'bg-muted-foreground/60'}`} style={{ width: `${(value / of) * 100}%` }} />
      </span>
      <span className="w-12 shrink-0 text-right tabular-nums">{round(value)}</span>
    </span>
  );
}
