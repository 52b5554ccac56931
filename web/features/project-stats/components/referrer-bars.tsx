import type { Referrer } from '../api/project-stats-page.ts';

/**
 * The busiest referrers as a bar list: plain HTML, so it is read as a list, scales with the text,
 * and follows the theme. A host or tag is text a visitor's browser sent: React escapes it, and the
 * server kept only [a-z0-9.-] (a host) or [a-z0-9._-] (a tag) anyway (decision 236).
 */
export function ReferrerBars({ referrers }: { referrers: Referrer[] }) {
  const top = referrers.slice(0, 10);
  const most = Math.max(1, ...top.map((r) => r.visits));
  if (top.length === 0) {
    return <p className="text-sm text-muted-foreground">No referrers in this period yet: visits that arrive with a referring site or a utm_source show here.</p>;
  }
  return (
    <ol className="flex flex-col gap-2" aria-label="Top referrers">
      {top.map((r) => (
        <li key={`${r.kind}:${r.source}`} className="relative overflow-hidden rounded-md px-3 py-1.5 text-sm" data-testid="referrer">
          <span aria-hidden="true" className="absolute inset-y-0 left-0 rounded-md bg-accent-soft" style={{ width: `${(r.visits / most) * 100}%` }} />
          <span className="relative flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate" title={r.source}>
              {r.source}
              {r.kind === 'source' && <span className="ml-2 text-xs text-muted-foreground">tag</span>}
            </span>
            <span className="shrink-0 font-medium tabular-nums">
              {r.visits.toLocaleString()}
              <span className="sr-only"> {r.visits === 1 ? 'visit' : 'visits'}</span>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
