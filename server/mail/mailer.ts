import type { Config } from '../config.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { SmtpMailer } from './smtp.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP_URL → real mail; unset → the dev mailbox under DATA_DIR (and the console). */
export function createMailer(config: Config, log: (line: string) => void): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.SMTP_FROM);
  return new DevMailbox(config.DATA_DIR, config.LOG_LEVEL === 'silent' ? () => undefined : log);
}
