import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { visitorHash, type BeaconEvent } from './beacon.ts';

export interface DaySalt {
  day: string;
  salt: Buffer;
}

/**
 * Today's salt (the site's day, on the app clock), made now if no one has yet: every instance
 * reads the same row, so a visitor hashes alike whichever instance answers.
 */
export async function todaysSalt(db: Queryable): Promise<DaySalt> {
  const { rows } = await db.query<{ day: string; salt: Buffer | Uint8Array }>(
    `with made as (
       insert into platform.analytics_salts (day, salt) values (showcase_private.site_today(), $1)
       on conflict (day) do nothing
       returning day, salt)
     select day::text as day, salt from made
     union all
     select day::text, salt from platform.analytics_salts where day = showcase_private.site_today()
     limit 1`,
    [randomBytes(32)],
  );
  const row = rows[0]!;
  return { day: row.day, salt: Buffer.from(row.salt) };
}

/** Deletes every salt of a day before today: that day's hashes can no longer be recomputed. */
export async function deleteOldSalts(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`delete from platform.analytics_salts where day < showcase_private.site_today()`);
  return rowCount;
}

/**
 * Stores a beacon's events for one visitor: a project that is not launched (or does not exist)
 * counts nothing, a second event of the same kind, project, day and visitor neither (a reload).
 * A salt whose day has just ended counts nothing either: that day may be rolled up already.
 * Answers how many events were new.
 */
export async function recordEvents(db: Queryable, salt: DaySalt, visitor: { ip: string; userAgent: string }, events: readonly BeaconEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rowCount } = await db.query(
    `insert into platform.analytics_events (project_id, day, kind, visitor, ref_host, ref_source)
     select e.project_id, $1::date, e.kind, decode(e.visitor, 'hex'), e.ref_host, e.ref_source
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) as e (project_id, kind, visitor, ref_host, ref_source)
       join public.projects p on p.id = e.project_id
      where showcase_private.is_launched(p.status, p.launched_at) and $1::date = showcase_private.site_today()
     on conflict do nothing`,
    [
      salt.day,
      events.map((e) => e.project),
      events.map((e) => e.kind),
      events.map((e) => visitorHash(salt.salt, visitor.ip, visitor.userAgent, e.project)),
      events.map((e) => e.refHost),
      events.map((e) => e.refSource),
    ],
  );
  return rowCount;
}
