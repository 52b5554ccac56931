import { Link } from 'react-router-dom';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { thumb, useWinners, type WinnerRow } from './api/get-launches.ts';
import { kindOf, periodLabel, periodPath } from '../../../domain/launch-periods.ts';
import type { SqlPeriod } from '../../../domain/launch-periods.ts';

const SECTIONS: ReadonlyArray<{ period: SqlPeriod; title: string; name: string }> = [
  { period: 'month', title: 'Projects of the Month', name: 'Month' },
  { period: 'week', title: 'Projects of the Week', name: 'Week' },
  { period: 'day', title: 'Projects of the Day', name: 'Day' },
];
const MEDALS = ['1st', '2nd', '3rd'];
const MEDAL_CLASS = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

/**
 * /winners (issue 30, L7): a compact history. Each closed period is one small podium (its top 3 as
 * rows), months first, then weeks, then days, newest first, several podiums side by side.
 */
export default function WinnersPage() {
  useDocumentTitle('Winners');
  const { data, isPending, isError } = useWinners();
  const groups = new Map<string, WinnerRow[]>();
  for (const w of data ?? []) {
    const key = `${w.period}/${w.period_start}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  const podiums = [...groups.values()];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Winners</h1>
      <p className="mt-2 text-muted-foreground">
        The top 3 of every day, week and month, frozen when the period closes.{' '}
        <a href="/winners.xml" className="font-medium text-primary underline underline-offset-4">
          RSS feed
        </a>
      </p>
      <div className="mt-8 space-y-10">
        {isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : isError ? (
          <p role="alert">Couldn't load the winners.</p>
        ) : podiums.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No winners yet: the first ones are crowned when today closes.</p>
        ) : (
          SECTIONS.map(({ period, title, name }) => {
            const mine = podiums.filter((rows) => rows[0]!.period === period);
            if (mine.length === 0) return null;
            return (
              <section key={period} aria-labelledby={`winners-${period}`}>
                <h2 id={`winners-${period}`} className="text-xl font-semibold">
                  {title}
                </h2>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {mine.map((rows) => (
                    <Podium key={`${period}/${rows[0]!.period_start}`} rows={rows} name={name} />
                  ))}
                </ul>
              </section>
            );
          })
        )}
      </div>
    </div>
  );
}

function Podium({ rows, name }: { rows: WinnerRow[]; name: string }) {
  const period = { kind: kindOf(rows[0]!.period), start: rows[0]!.period_start };
  const label = periodLabel(period);
  return (
    <li className="rounded-xl border border-border bg-background p-3" aria-label={`Project of the ${name}, ${label}`}>
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold">
        <Link to={periodPath(period)} className="hover:text-primary">
          {label}
        </Link>
        <span className="text-xs font-normal text-muted-foreground">{name}</span>
      </h3>
      <ol className="mt-2 space-y-2">
        {rows.map((w) => (
          <li key={w.rank} className="flex items-center gap-2">
            <span className={`grid h-6 w-9 shrink-0 place-items-center rounded-md text-xs font-bold ${MEDAL_CLASS[w.rank - 1] ?? 'bg-muted'}`}>
              {MEDALS[w.rank - 1] ?? w.rank}
            </span>
            <img src={thumb(w.image_url)} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 shrink-0 rounded-md bg-muted object-cover" />
            <Link to={`/projects/${w.project_id}`} className="min-w-0 flex-1 truncate text-sm font-medium hover:text-primary" title={w.title}>
              {w.title}
            </Link>
            <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
              {formatCount(w.upvotes)} {w.upvotes === 1 ? 'upvote' : 'upvotes'}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}
