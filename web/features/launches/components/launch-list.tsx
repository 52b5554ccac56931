import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { useNow } from '../../../lib/clock.ts';
import { formatCount } from '../../../lib/format.ts';
import { thumb, type LaunchRow } from '../api/get-launches.ts';
import { timeAgoShort } from '../../../lib/time-ago.ts';

/** A ranked list of launches: rank, image, title, tagline, maker, tool, in-window points and count. */
export function LaunchList({ rows, showTime = false }: { rows: LaunchRow[]; showTime?: boolean }) {
  const now = useNow();
  return (
    <ol className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-background">
      {rows.map((r, i) => (
        <li key={r.id} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
          <span className="w-6 shrink-0 text-center text-sm font-bold text-muted-foreground" aria-label={r.rank ? `Rank ${r.rank}` : undefined}>
            {r.rank ?? '•'}
          </span>
          <img src={thumb(r.image_url)} alt="" width={80} height={45} loading={i < 3 ? 'eager' : 'lazy'} className="h-[45px] w-20 shrink-0 rounded-md object-cover bg-muted" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/projects/${r.id}`} className="font-semibold hover:text-primary">
                {r.title}
              </Link>
              {r.award && <Badge variant="featured">{r.award}</Badge>}
            </div>
            <p className="truncate text-sm text-muted-foreground">{r.description}</p>
            <p className="text-xs text-muted-foreground">
              by {r.creator_name ?? 'Unknown'} · {r.tool}
              {showTime && (
                <>
                  {' · launched '}
                  <time dateTime={r.launched_at}>{timeAgoShort(r.launched_at, now)}</time>
                </>
              )}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <div className="text-lg font-bold tabular-nums" title="Upvotes">
              {formatCount(r.upvotes)}
            </div>
            <div className="text-xs text-muted-foreground" title="Points earned in this period">
              {Math.round(r.points * 10) / 10} pts
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
