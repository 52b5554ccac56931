import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { thumb, useWinners, type WinnerRow } from './api/get-launches.ts';
import { kindOf, periodLabel, periodPath } from '../../../domain/launch-periods.ts';

/** /winners: every frozen Project of the Day, Week and Month, newest period first. */
export default function WinnersPage() {
  useDocumentTitle('Winners');
  const { data, isPending, isError } = useWinners();
  const groups = new Map<string, WinnerRow[]>();
  for (const w of data ?? []) {
    const key = `${w.period}/${w.period_start}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Winners</h1>
      <p className="mt-2 text-muted-foreground">
        The top 3 of every day, week and month, frozen when the period closes.{' '}
        <a href="/winners.xml" className="text-primary hover:underline">
          RSS feed
        </a>
      </p>
      <div className="mt-8 space-y-8">
        {isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : isError ? (
          <p role="alert">Couldn't load the winners.</p>
        ) : groups.size === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No winners yet: the first ones are crowned when today closes.</p>
        ) : (
          [...groups.values()].map((rows) => {
            const period = { kind: kindOf(rows[0]!.period), start: rows[0]!.period_start };
            const name = rows[0]!.period === 'day' ? 'Day' : rows[0]!.period === 'week' ? 'Week' : 'Month';
            return (
              <section key={`${rows[0]!.period}/${rows[0]!.period_start}`} aria-label={`Project of the ${name}, ${periodLabel(period)}`}>
                <h2 className="text-lg font-semibold">
                  <Link to={periodPath(period)} className="hover:text-primary">
                    Project of the {name} · {periodLabel(period)}
                  </Link>
                </h2>
                <ol className="mt-3 grid gap-3 sm:grid-cols-3">
                  {rows.map((w) => (
                    <li key={w.rank} className="overflow-hidden rounded-xl border border-border bg-background">
                      <img src={thumb(w.image_url)} alt="" width={320} height={180} loading="lazy" className="aspect-video w-full object-cover bg-muted" />
                      <div className="p-3">
                        <Badge variant="featured">{w.award}</Badge>
                        <Link to={`/projects/${w.project_id}`} className="mt-2 block font-semibold hover:text-primary">
                          {w.title}
                        </Link>
                        <p className="text-xs text-muted-foreground">by {w.creator_name ?? 'Unknown'}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            );
          })
        )}
      </div>
    </div>
  );
}
