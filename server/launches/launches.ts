import { createHash } from 'node:crypto';
import { isUuid } from '../../domain/ids.ts';
import type { SqlPeriod } from '../../domain/launch-periods.ts';
import type { AnonReads } from '../security/caller.ts';
import { escapeXml } from '../web/escape.ts';
import { rssDocument } from '../web/rss.ts';

/**
 * Launches on the server side (issue 16): the embeddable SVG badge and the winners feed. Both read
 * as `anon` through the same policies as the API, so only a launched project has a badge.
 */

export interface BadgeData {
  id: string;
  title: string;
  upvotes: number;
  award: string | null;
}

export async function findBadgeProject(read: AnonReads, id: string): Promise<BadgeData | undefined> {
  if (!isUuid(id)) return undefined;
  return read(async (tx) => (await tx.query<BadgeData>(`select id, title, upvotes, award from public.project_listing where id = $1`, [id])).rows[0]);
}

export type BadgeTheme = 'light' | 'dark';

/** A rough width for text in 11–13 px sans-serif, so the badge fits its words without a font. */
function textWidth(text: string, px: number): number {
  return Math.ceil([...text].length * px * 0.6);
}

/** The badge: "Featured on {site}" (or the project's award) and the current upvote count; all text escaped. */
export function renderBadge(siteName: string, project: BadgeData, theme: BadgeTheme): string {
  const dark = theme === 'dark';
  const bg = dark ? '#111827' : '#ffffff';
  const fg = dark ? '#f9fafb' : '#111827';
  const muted = dark ? '#9ca3af' : '#6b7280';
  const border = dark ? '#374151' : '#e5e7eb';
  const accent = project.award ? '#d97706' : '#6366f1';
  const top = project.award ? `${siteName}` : 'Featured on';
  const main = project.award ?? siteName;
  const count = String(project.upvotes);
  const textW = Math.max(textWidth(top, 10), textWidth(main, 13));
  const width = 44 + textW + 16 + textWidth(count, 13) + 26;
  const countX = 44 + textW + 16;
  const label = `${project.award ? `${project.award} on ${siteName}` : `Featured on ${siteName}`}: ${project.title}, ${count} ${project.upvotes === 1 ? 'upvote' : 'upvotes'}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="54" viewBox="0 0 ${width} 54" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="53" rx="10" fill="${bg}" stroke="${border}"/>`,
    `<circle cx="24" cy="27" r="12" fill="${accent}"/>`,
    `<path d="M24 19l2.5 5.2 5.5.8-4 3.9.9 5.6-4.9-2.6-4.9 2.6.9-5.6-4-3.9 5.5-.8z" fill="#fff"/>`,
    `<text x="44" y="22" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="10" fill="${muted}">${escapeXml(top)}</text>`,
    `<text x="44" y="39" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="13" font-weight="700" fill="${fg}">${escapeXml(main)}</text>`,
    `<path d="M${countX + 8} 18l5 6h-10z" fill="${fg}"/>`,
    `<text x="${countX + 8}" y="40" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="13" font-weight="700" fill="${fg}">${escapeXml(count)}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

/** A strong ETag of the exact bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export interface WinnerEntry {
  period: string;
  period_start: string;
  rank: number;
  award: string;
  project_id: string;
  title: string;
  description: string;
  computed_at: Date | string;
}

export async function recentWinners(read: AnonReads, limit: number): Promise<WinnerEntry[]> {
  return read(async (tx) =>
      (
        await tx.query<WinnerEntry>(
          `select c.period, to_char(c.period_start, 'YYYY-MM-DD') as period_start, c.rank, c.award, c.project_id, c.title, c.description,
                  w.computed_at
             from public.launch_winner_cards c
             join public.launch_winners w on w.period = c.period and w.period_start = c.period_start and w.rank = c.rank
            order by w.computed_at desc, c.period, c.rank
            limit $1`,
          [limit],
        )
      ).rows);
}

/** The leaderboard path of a period (also the sitemap's form). */
export function leaderboardPath(period: string, start: string): string {
  if (period === 'month') return `/leaderboard/monthly/${start.slice(0, 7)}`;
  if (period === 'week') return `/leaderboard/weekly/${isoWeekLabel(start)}`;
  return `/leaderboard/daily/${start}`;
}

/** 2031-03-10 → 2031-W11 (ISO 8601 week of a date). */
export function isoWeekLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - dow + 3); // Thursday of the week
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round((d.getTime() - jan4.getTime()) / 86_400_000 / 7 - ((jan4.getUTCDay() + 6) % 7) / 7 + 3 / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** RSS 2.0 of the newest winners. */
export function renderWinnersFeed(site: { name: string; origin: string }, winners: WinnerEntry[]): string {
  return rssDocument(
    {
      title: `${site.name}: winners`,
      link: `${site.origin}/winners`,
      description: `Projects of the Day, Week and Month on ${site.name}`,
      self: `${site.origin}/winners.xml`,
    },
    winners.map((w) => ({
      title: `${w.award}: ${w.title}`,
      link: `${site.origin}/projects/${w.project_id}`,
      guid: { value: `${w.period}/${w.period_start}/${w.rank}`, isPermaLink: false },
      description: w.description,
      category: `${site.origin}${leaderboardPath(w.period, w.period_start)}`,
      pubDate: new Date(w.computed_at),
    })),
  );
}

/**
 * A leaderboard's projects in the order its page lists them (launch_leaderboard, read as anon like
 * the page reads it), for its JSON-LD; `shuffled` while the day's order is shuffled (decision 161).
 */
export async function leaderboardEntries(read: AnonReads, period: SqlPeriod, start: string, limit: number): Promise<{ entries: { id: string; title: string }[]; shuffled: boolean }> {
  const rows = await read(async (tx) =>
    (await tx.query<{ id: string; title: string; shuffled: boolean }>('select id, title, shuffled from public.launch_leaderboard($1, $2::date, $3)', [period, start, limit])).rows);
  return { entries: rows.map(({ id, title }) => ({ id, title })), shuffled: rows.some((r) => r.shuffled) };
}
