const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const dated = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago'; older than a week: 'Mar 3, 2031'. */
export function timeAgo(value: string, now = Date.now()): string {
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
