const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 'Nov 21, 2026': the en-US short month, day, year format the spec uses for comment dates. */
export function formatShortDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return shortDate.format(date);
}

/** 1234 → '1.2K'; small numbers unchanged, so counts stay exact where they matter. */
export function formatCount(n: number): string {
  return n < 1000 ? String(n) : compact.format(n);
}

/** 'Alice Doe' → 'AD', 'bob@x.io' → 'B': avatar fallback letters. */
export function initials(text: string): string {
  const words = text.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

// Launch days ('Mon, Nov 30') are formatted by format-launch-day.ts: only lazily loaded pages show
// them, and this module is on `/`, which pays for every byte (decision 051).
