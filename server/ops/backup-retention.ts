/**
 * Which scheduled backups to keep (decision 245): the newest backup of each of the last
 * `keepDaily` days that have one, and then the newest of each of the `keepWeekly` ISO weeks
 * before the week of the oldest daily one. Days and weeks are UTC, as the names are.
 * Only names this server writes are ever considered; anything else in the directory is left alone.
 */
const NAME = /^showcase-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz(\.enc)?$/;

/** The name of a backup taken at `at` (UTC, to the second). */
export function backupName(at: Date, encrypted: boolean): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `showcase-backup-${stamp}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** When a backup of this name was taken, or undefined for a name this server did not write. */
export function backupTime(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The ISO week (Monday first) of a UTC date, as "YYYY-Www". */
function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The backup names to delete, of those given. */
export function backupsToDelete(names: readonly string[], keepDaily: number, keepWeekly: number): string[] {
  const dated = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.name < b.name ? 1 : -1));
  const keep = new Set<string>();
  const days = new Set<string>();
  for (const b of dated) {
    const day = b.at.toISOString().slice(0, 10);
    if (days.has(day) || days.size >= keepDaily) continue;
    days.add(day);
    keep.add(b.name);
  }
  // Weekly: whole weeks before the week of the oldest daily one, so the weeklies are a week apart.
  const oldestDaily = dated.filter((b) => keep.has(b.name)).at(-1);
  const firstDailyWeek = oldestDaily ? isoWeek(oldestDaily.at) : undefined;
  const weeks = new Set<string>();
  for (const b of dated) {
    const week = isoWeek(b.at);
    if (keep.has(b.name) || (firstDailyWeek !== undefined && week >= firstDailyWeek)) continue;
    if (weeks.has(week) || weeks.size >= keepWeekly) continue;
    weeks.add(week);
    keep.add(b.name);
  }
  return dated.filter((b) => !keep.has(b.name)).map((b) => b.name);
}
