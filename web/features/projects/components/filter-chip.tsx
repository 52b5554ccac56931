import type { ReactNode } from 'react';

/**
 * A toggle button for a filter: pressed means "in the filter" (aria-pressed). With a search, `count`
 * is how many of its matches have this tool or tag (the search's facets).
 */
export function FilterChip({ pressed, onClick, children, count }: { pressed: boolean; onClick: () => void; children: ReactNode; count?: number }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
        pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background text-muted-foreground hover:bg-muted'
      }`}
    >
      {children}
      {count !== undefined && <span className={`ml-1 tabular-nums ${pressed ? '' : 'opacity-70'}`}>{count}</span>}
    </button>
  );
}
