import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { thumb, useUpcoming, type UpcomingRow } from './api/get-launches.ts';
import { NotifyMeButton } from './components/notify-me.tsx';
import { dayLabel } from '../../../domain/launch-periods.ts';

/** /upcoming: approved projects scheduled for coming days, by day; no votes or comments until launch. */
export default function UpcomingPage() {
  useDocumentTitle('Upcoming launches');
  const { data, isPending, isError } = useUpcoming();
  const days = new Map<string, UpcomingRow[]>();
  for (const p of data ?? []) {
    const day = p.launch_date ?? p.launched_at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), p]);
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Upcoming launches</h1>
      <p className="mt-2 text-muted-foreground">
        {data ? `${data.length} ${data.length === 1 ? 'project is' : 'projects are'} waiting for launch day.` : 'Projects waiting for their launch day.'}
      </p>
      <div className="mt-8 space-y-8">
        {isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : isError ? (
          <p role="alert">Couldn't load upcoming launches.</p>
        ) : days.size === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">Nothing scheduled yet.</p>
        ) : (
          [...days.entries()].map(([day, rows]) => (
            <section key={day} aria-label={dayLabel(day)}>
              <h2 className="text-lg font-semibold">
                {dayLabel(day)} <span className="text-sm font-normal text-muted-foreground">· {rows.length} waiting</span>
              </h2>
              <ul className="mt-3 divide-y divide-border overflow-hidden rounded-xl border border-border bg-background">
                {rows.map((p) => (
                  <li key={p.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                    <img src={thumb(p.image_url)} alt="" width={128} height={72} loading="lazy" className="h-[72px] w-32 shrink-0 rounded-md object-cover bg-muted" />
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">{p.title}</h3>
                      <p className="text-sm text-muted-foreground">{p.description}</p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        by{' '}
                        <Link to={`/creators/${p.creator_id}`} className="hover:text-primary">
                          {p.creator_name ?? 'Unknown'}
                        </Link>
                        <Badge variant="secondary">{p.tool}</Badge>
                        <Badge variant="outline">{p.category}</Badge>
                      </p>
                    </div>
                    <NotifyMeButton projectId={p.id} title={p.title} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </div>
  );
}
