/** Leaderboard periods in URLs (issue 16): daily/YYYY-MM-DD, weekly/YYYY-Www (ISO), monthly/YYYY-MM. */
export type PeriodKind = 'daily' | 'weekly' | 'monthly';
export type SqlPeriod = 'day' | 'week' | 'month';

export interface Period {
  kind: PeriodKind;
  /** The first day of the period, YYYY-MM-DD. */
  start: string;
}

const SQL: Record<PeriodKind, SqlPeriod> = { daily: 'day', weekly: 'week', monthly: 'month' };
export const sqlPeriod = (kind: PeriodKind): SqlPeriod => SQL[kind];
export const kindOf = (p: string): PeriodKind => (p === 'week' ? 'weekly' : p === 'month' ? 'monthly' : 'daily');

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The Monday of ISO week `week` of `year`, or null when the year has no such week. */
function isoWeekMonday(year: number, week: number): string | null {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * DAY_MS + (week - 1) * 7 * DAY_MS);
  if (week < 1 || isoWeekLabel(iso(monday)) !== `${year}-W${String(week).padStart(2, '0')}`) return null;
  return iso(monday);
}

/** 2031-03-10 → 2031-W11. */
export function isoWeekLabel(day: string): string {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3);
  const year = d.getUTCFullYear();
  const week = 1 + Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period a URL names, or null (the page answers not found). */
export function parsePeriod(kind: string | undefined, value: string | undefined): Period | null {
  if (!value) return null;
  if (kind === 'daily') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m && validDay(+m[1]!, +m[2]!, +m[3]!) ? { kind, start: value } : null;
  }
  if (kind === 'weekly') {
    const m = /^(\d{4})-W(\d{2})$/.exec(value);
    const start = m ? isoWeekMonday(+m[1]!, +m[2]!) : null;
    return start ? { kind, start } : null;
  }
  if (kind === 'monthly') {
    const m = /^(\d{4})-(\d{2})$/.exec(value);
    return m && validDay(+m[1]!, +m[2]!, 1) ? { kind, start: `${value}-01` } : null;
  }
  return null;
}

/** The URL segment of a period. */
export function periodSlug(p: Period): string {
  if (p.kind === 'monthly') return p.start.slice(0, 7);
  if (p.kind === 'weekly') return isoWeekLabel(p.start);
  return p.start;
}

export const periodPath = (p: Period) => `/leaderboard/${p.kind}/${periodSlug(p)}`;

/** The period before (-1) or after (+1). */
export function shiftPeriod(p: Period, by: -1 | 1): Period {
  const d = utc(p.start);
  if (p.kind === 'daily') d.setUTCDate(d.getUTCDate() + by);
  else if (p.kind === 'weekly') d.setUTCDate(d.getUTCDate() + 7 * by);
  else d.setUTCMonth(d.getUTCMonth() + by);
  return { kind: p.kind, start: iso(d) };
}

const dayFmt = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Tuesday, March 11, 2031", "Week 11, 2031 (Mar 10 – Mar 16)", "March 2031": in English, as the rest of the site, and the same in the server's drawing of a page and the browser's. */
export function periodLabel(p: Period): string {
  if (p.kind === 'daily') return dayFmt.format(utc(p.start));
  if (p.kind === 'monthly') return monthFmt.format(utc(p.start));
  const [year, week] = isoWeekLabel(p.start).split('-W');
  const end = new Date(utc(p.start).getTime() + 6 * DAY_MS);
  return `Week ${Number(week)}, ${year} (${shortFmt.format(utc(p.start))} – ${shortFmt.format(end)})`;
}

/** A day in words, for /upcoming's groups. */
export function dayLabel(day: string): string {
  return dayFmt.format(utc(day));
}
