import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';

export interface AuthSettings {
  siteName: string;
  allowRegistration: boolean;
  /** After AUTH_AUTOCONFIRM is applied: true means sign-up must confirm by e-mail. */
  requireEmailVerification: boolean;
  /** "Allow anonymous visitors to vote": anonymous sign-ins (GoTrue's external.anonymous_users). */
  allowAnonymousVotes: boolean;
}

export const DEFAULT_SITE_NAME = 'AI Showcase';

/**
 * The admin panel's Security settings, read fresh on every sign-up so a change acts at once.
 * The table comes from the admin migrations; until it exists (or on a database without it)
 * the spec's defaults apply: registration allowed, verification required.
 * AUTH_AUTOCONFIRM=true always wins (development and tests).
 */
export async function readAuthSettings(db: Queryable, config: Pick<Config, 'AUTH_AUTOCONFIRM'>): Promise<AuthSettings> {
  const stored = { siteName: DEFAULT_SITE_NAME, allowRegistration: true, requireEmailVerification: true, allowAnonymousVotes: true };
  const { rows: exists } = await db.query<{ t: string | null }>(`select to_regclass('public.site_settings')::text as t`);
  if (exists[0]?.t) {
    const { rows } = await db.query<{
      site_name: string;
      allow_registration: boolean;
      require_email_verification: boolean;
      allow_anonymous_votes: boolean;
    }>(`select site_name, allow_registration, require_email_verification, allow_anonymous_votes from public.site_settings limit 1`);
    if (rows[0]) {
      stored.siteName = rows[0].site_name || DEFAULT_SITE_NAME;
      stored.allowRegistration = rows[0].allow_registration;
      stored.requireEmailVerification = rows[0].require_email_verification;
      stored.allowAnonymousVotes = rows[0].allow_anonymous_votes;
    }
  }
  return { ...stored, requireEmailVerification: config.AUTH_AUTOCONFIRM ? false : stored.requireEmailVerification };
}
