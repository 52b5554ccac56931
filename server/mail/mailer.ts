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
