import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * WAI-ARIA tabs (roving tabindex; arrows, Home and End move and select) without Radix, for the
 * home route where every kilobyte counts. Pages elsewhere use tabs.tsx.
 */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  panelId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** The id of the element the tabs control. */
  panelId: string;
}) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const current = options.indexOf(value);
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % options.length,
      ArrowLeft: (current - 1 + options.length) % options.length,
      Home: 0,
      End: options.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(options[next]!);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex items-center gap-1 rounded-lg bg-muted p-1">
      {options.map((option, i) => {
        const selected = option === value;
        return (
          <button
            key={option}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${baseId}-${i}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option)}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ id, label, children, busy }: { id: string; label: string; children: ReactNode; busy?: boolean }) {
  return (
    <div id={id} role="tabpanel" aria-label={label} aria-busy={busy} tabIndex={0} className="focus-visible:outline-none">
      {children}
    </div>
  );
}
