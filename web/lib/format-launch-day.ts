// The launch-day format, beside format.ts (kept apart so `/` does not carry it).
const launchDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * 'Mon, Nov 30': a launch day, as the submit form's day picker and My Projects both show it
 * (issue 30 L9). Takes the day ('2026-11-30') or a timestamp (its UTC day).
 */
export function formatLaunchDay(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return launchDay.format(date);
}
