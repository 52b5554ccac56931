import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Job } from './scheduler.ts';

/** At most this many users per run; a backlog is worked off by the next runs. */
const BATCH = 1000;

/**
 * Anonymous users exist because a visitor upvoted. Once they are ANONYMOUS_USERS_MAX_AGE_DAYS old
 * and have no vote left (they took it back, or their votes moved to the account they signed in
 * to), nothing of theirs matters any more: they are deleted, with their sessions.
 */
export function purgeAnonymousUsersJob(db: Database, config: Pick<Config, 'ANONYMOUS_USERS_MAX_AGE_DAYS'>): Job {
  return {
    name: 'purge-anonymous-users',
    everyMs: 60 * 60_000,
    async run() {
      const { rowCount } = await db.query(
        `delete from auth.users
          where id in (
            select u.id from auth.users u
             where u.is_anonymous
               and u.created_at < showcase_private.app_now() - make_interval(days => $1)
               and not exists (select 1 from public.project_votes v where v.user_id = u.id)
             order by u.created_at
             limit $2)`,
        [config.ANONYMOUS_USERS_MAX_AGE_DAYS, BATCH],
      );
      return rowCount ? `purged ${rowCount} old anonymous users without votes` : undefined;
    },
  };
}
