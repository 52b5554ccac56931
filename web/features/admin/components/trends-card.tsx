import { useMemo } from 'react';
import { TimeSeriesChart, type ChartSeries } from '../../../components/charts/time-series-chart.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDailyTrends, type TrendDay } from '../api/dashboard.ts';

const DAY_SECONDS = 86_400;
const COUNTS = ['y'];
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const formatDay = (s: number) => new Date(s * 1000).toLocaleDateString('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The last 30 site days as two charts (issue 32 item 5): the makers' stats page's chart
 * (web/components/charts/), loaded with this card only, never with the console's first screen.
 */
export default function TrendsCard() {
  const trends = useDailyTrends(30);
  const charts = useMemo(() => {
    if (!trends.data) return null;
    const start = daySeconds(trends.data.from_day);
    const count = Math.round((daySeconds(trends.data.to_day) - start) / DAY_SECONDS) + 1;
    const x = Array.from({ length: count }, (_, i) => start + i * DAY_SECONDS);
    const byDay = new Map(trends.data.days.map((d) => [daySeconds(d.day), d]));
    const pick = (key: keyof Omit<TrendDay, 'day'>) => x.map((t) => byDay.get(t)?.[key] ?? 0);
    const people: ChartSeries[] = [
      { label: 'Sign-ups', values: pick('signups') },
      { label: 'Submissions', values: pick('submissions') },
      { label: 'Comments', values: pick('comments') },
    ];
    const attention: ChartSeries[] = [
      { label: 'Visitors', values: pick('visitors') },
      { label: 'Votes', values: pick('votes') },
    ];
    return { x, people, attention };
  }, [trends.data]);

  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle level={2}>Last 30 days</CardTitle>
      </CardHeader>
      <CardContent>
        {trends.isError ? (
          <p role="alert" className="text-sm text-destructive">Could not load the trends.</p>
        ) : !charts ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <div className="grid gap-8 lg:grid-cols-2">
            <TimeSeriesChart title="Sign-ups, submissions and comments per day" x={charts.x} series={charts.people} formatX={formatDay} utc integerScales={COUNTS} height={200} />
            <TimeSeriesChart title="Visitors and votes per day" x={charts.x} series={charts.attention} formatX={formatDay} utc integerScales={COUNTS} height={200} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
