export interface Tile {
  label: string;
  value: string;
  hint?: string;
}

/** The period's totals, each a term and its value (a description list reads well aloud). */
export function StatTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-xl border border-border bg-card p-4" data-testid="stat-tile">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{t.value}</dd>
          {t.hint && <dd className="mt-0.5 text-xs text-muted-foreground">{t.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
