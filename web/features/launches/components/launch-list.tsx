import { Link } from 'react-router-dom';
import { MessageIcon } from '../../../components/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useNow } from '../../../lib/clock.ts';
import { UpvoteButton } from '../../projects/index.ts';
import { thumb, type LaunchRow } from '../api/get-launches.ts';
import { timeAgoShort } from '../../../lib/time-ago.ts';

/** How points differ from upvotes, said once under a list (and on each row's points as a tooltip). */
export const POINTS_LEGEND = 'Points count the upvotes given in this period; votes from brand-new, anonymous or look-alike accounts weigh less. The list is ranked by points.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A launch list (issue 30, M5): rank (once the day's shuffle ends), thumbnail, name, tagline, tools,
 * maker, comment count, the period's points, and the same upvote button as a card, which works in place.
 */
export function LaunchList({ rows, showTime = false, compact = false }: { rows: LaunchRow[]; showTime?: boolean; compact?: boolean }) {
  const now = useNow();
  return (
    <ol className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-background">
      {rows.map((r, i) => (
        <li key={r.id} className="flex items-start gap-3 p-3 sm:gap-4 sm:p-4" data-testid="launch-row">
          {r.rank !== null && (
            <span className="mt-3 w-5 shrink-0 text-center text-sm font-bold tabular-nums text-muted-foreground">
              <span className="sr-only">Rank </span>
              {r.rank}
            </span>
          )}
          <img
            src={thumb(r.image_url)}
            alt=""
            width={64}
            height={64}
            loading={i < 3 ? 'eager' : 'lazy'}
            className={compact ? 'h-12 w-12 shrink-0 rounded-lg bg-muted object-cover' : 'h-12 w-12 shrink-0 rounded-lg bg-muted object-cover sm:h-16 sm:w-16'}
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link to={`/projects/${r.id}`} className="font-semibold hover:text-primary">
                {r.title}
              </Link>
              {r.award && <Badge variant="featured">{r.award}</Badge>}
            </div>
            <p className={compact ? 'line-clamp-1 text-sm text-muted-foreground' : 'line-clamp-2 text-sm text-muted-foreground'}>{r.description}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              {!compact && (r.tools?.length ? r.tools : [r.tool]).map((t) => (
                <span key={t} className="rounded-md bg-muted px-1.5 py-0.5 font-medium text-foreground/80">
                  {t}
                </span>
              ))}
              <span>by {r.creator_name ?? 'Unknown'}</span>
              <Link to={`/projects/${r.id}#comments`} className="inline-flex items-center gap-1 hover:text-primary">
                <MessageIcon className="h-3.5 w-3.5" aria-hidden="true" />
                {plural(r.comment_count ?? 0, 'comment', 'comments')}
              </Link>
              <span title={POINTS_LEGEND}>{plural(Math.round(r.points * 10) / 10, 'point', 'points')}</span>
              {showTime && (
                <span>
                  launched <time dateTime={r.launched_at}>{timeAgoShort(r.launched_at, now)}</time>
                </span>
              )}
            </p>
          </div>
          <div className="mt-2 shrink-0">
            <UpvoteButton projectId={r.id} upvotes={r.upvotes} title={r.title} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** What a list in the day's first hours says instead of ranks (decision 161: the site day's first 4 hours, db/migrations/0161). */
export function ShuffleNote({ shuffled }: { shuffled: boolean }) {
  return (
    <p className="text-sm text-muted-foreground">
      {shuffled ? 'Shuffled until 04:00 so every launch gets a fair look.' : 'Ranked by points earned in this period.'}{' '}
      <span>{POINTS_LEGEND_SHORT}</span>
    </p>
  );
}

const POINTS_LEGEND_SHORT = 'Points: this period’s upvotes, weighted so new or look-alike accounts count less.';
