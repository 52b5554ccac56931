import type { Config } from '../config.ts';
import { isLoopbackUrl } from '../http/client-ip.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { LogMailer } from './log-mailer.ts';
import { SmtpMailer } from './smtp.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post on product e-mails). */
  headers?: Record<string, string>;
  /** The Message-ID, when the sender has a stable one (an outbox row): a resend carries the same. */
  messageId?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox' | 'log';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP_URL → real mail. Unset: the dev mailbox under DATA_DIR (and the console) while SITE_URL is
 * on this machine's loopback, else the server log only: a site others reach gets no mailbox.
 */
export function createMailer(config: Config, log: (line: string) => void): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.SMTP_FROM, config.SMTP_TIMEOUT_SECONDS * 1000);
  const quiet = config.LOG_LEVEL === 'silent' ? () => undefined : log;
  if (!isLoopbackUrl(config.SITE_URL)) return new LogMailer(quiet);
  return new DevMailbox(config.DATA_DIR, config.DEV_MAILBOX_SECRET, quiet);
}

/** What the operator reads at start about where mail goes. */
export function mailNotice(config: Config, mailer: Mailer): string {
  if (mailer instanceof DevMailbox) return `Dev mailbox: ${config.SITE_URL}${mailer.pagePath}  (SMTP_URL is not set; open it from this machine only)`;
  if (mailer.kind === 'log') {
    return `SMTP_URL is not set and SITE_URL (${config.SITE_URL}) is not on this machine: e-mails, sign-in links included, go to this log only, and no dev mailbox is served. Set SMTP_URL to send mail.`;
  }
  return 'Mail: sent through SMTP_URL';
}
