import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderOutboxMail } from './emails.ts';
import { DEFAULT_OUTBOX_OPTIONS, Outbox } from './outbox.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** The product's outbox: e-mails worded with the site's current name, links on SITE_URL. */
export function createOutbox(
  db: Database,
  config: Pick<Config, 'SITE_URL' | 'MAIL_UNSUBSCRIBE_ADDRESS' | 'RATE_LIMIT_NOTIFICATION_EMAILS'>,
  mailer: Mailer,
  tokens: UnsubscribeTokens,
  log: (line: string) => void,
): Outbox {
  return new Outbox(
    db,
    mailer,
    async () => {
      const { rows } = await db.query<{ site_name: string }>('select site_name from public.site_settings where id');
      const site = {
        siteName: rows[0]?.site_name ?? 'AI Showcase',
        siteUrl: config.SITE_URL,
        unsubscribeAddress: config.MAIL_UNSUBSCRIBE_ADDRESS,
        tokens,
      };
      return (row) => renderOutboxMail(row, site);
    },
    { ...DEFAULT_OUTBOX_OPTIONS, perRecipient: config.RATE_LIMIT_NOTIFICATION_EMAILS },
    log,
  );
}
