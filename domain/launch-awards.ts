import { kindOf, periodPath, type SqlPeriod } from './launch-periods.ts';

/** A launch_winners row as the project page embeds it (issue 16). */
export interface AwardRow {
  period: SqlPeriod;
  period_start: string;
  rank: number;
}

export interface Award {
  /** As the database writes it (showcase_private.award_label): "#1 Project of the Day". */
  label: string;
  /** The leaderboard of the period it was won in. */
  href: string;
}

const NOUN: Record<SqlPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };
/** A month beats a week beats a day at the same rank. */
const WEIGHT: Record<SqlPeriod, number> = { month: 0, week: 1, day: 2 };

/**
 * A project's frozen awards, best first: by rank, then month before week before day, then newest.
 * The label is also written in SQL (showcase_private.award_label, for /winners, the listing and the
 * notifications); both are kept on purpose: the page reads raw launch_winners rows embedded in the
 * project, and test/integration/launches/detail-awards.test.ts fails when the two texts drift.
 */
export function projectAwards(rows: readonly AwardRow[] | null | undefined): Award[] {
  return [...(rows ?? [])]
    .filter((r) => Object.hasOwn(NOUN, r.period))
    .sort((a, b) => a.rank - b.rank || WEIGHT[a.period] - WEIGHT[b.period] || b.period_start.localeCompare(a.period_start))
    .map((r) => ({
      label: `#${r.rank} Project of the ${NOUN[r.period]}`,
      href: periodPath({ kind: kindOf(r.period), start: r.period_start }),
    }));
}
