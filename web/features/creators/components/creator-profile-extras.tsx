import { formatCount, formatShortDate, pluralize } from '../../../lib/format.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { useCreatorStats } from '../api/creator-stats.ts';

/** "Joined …", upvotes received and launch wins, under the creator's name (decision 226). */
export function CreatorStatsLine({ creatorId }: { creatorId: string }) {
  const { data } = useCreatorStats(creatorId);
  if (!data) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" data-testid="creator-stats">
      <div className="flex gap-1">
        <dt>Joined</dt>
        <dd>{formatShortDate(data.joinedAt)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">Upvotes received</dt>
        <dd>
          {formatCount(data.upvotesReceived)} {data.upvotesReceived === 1 ? 'upvote' : 'upvotes'} received
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">Launch wins</dt>
        <dd>{pluralize(data.wins, 'launch win')}</dd>
      </div>
    </dl>
  );
}

/** The creator's own links (http(s) only: the database keeps no other), shown as their host. */
export function CreatorLinks({ links }: { links: readonly string[] }) {
  const safe = links.map((l) => safeHttpUrl(l)).filter((l): l is string => Boolean(l));
  if (safe.length === 0) return null;
  return (
    <ul aria-label="Links" className="mt-3 flex flex-wrap gap-2">
      {safe.map((href) => (
        <li key={href}>
          <a href={href} rel="nofollow ugc noopener noreferrer" target="_blank" className="inline-block max-w-[16rem] truncate rounded-full border border-border px-3 py-1 text-sm font-medium hover:bg-muted">
            {hostOf(href)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function hostOf(href: string): string {
  const url = new URL(href);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.host.replace(/^www\./, '')}${path}`;
}
