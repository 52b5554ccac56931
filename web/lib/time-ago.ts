/**
 * "How long ago", in the two wordings the site uses: in words for notifications, short for launch lists.
 * Kept apart from format.ts so neither lands in the first bundle (format.ts is there): each is loaded
 * with the page that shows it.
 */
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const relativeShort = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto', style: 'short' });
const dated = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago'; older than a week: 'Mar 3, 2031'. */
export function timeAgoInWords(value: string, now = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  let amount = Math.round((at - now) / 1000);
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return dated.format(at);
}

/** "3 hr. ago" style, for launch lists: the largest whole unit, never a date. */
export function timeAgoShort(at: string, now = Date.now()): string {
  const seconds = Math.round((new Date(at).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relativeShort.format(seconds, 'second');
  if (abs < 3600) return relativeShort.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeShort.format(Math.round(seconds / 3600), 'hour');
  return relativeShort.format(Math.round(seconds / 86_400), 'day');
}
