import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Mail without SMTP on a server that is not on this machine's loopback: nothing is stored or
 * served (a mailbox reachable through a proxy would hand out sign-in links), each message only
 * goes to the server log for its operator.
 */
export class LogMailer implements Mailer {
  readonly kind = 'log' as const;

  constructor(private readonly log: (line: string) => void) {}

  async send(message: MailMessage): Promise<void> {
    this.log(`[mail, not sent: SMTP_URL is unset] to ${message.to}: ${message.subject}\n${message.text}`);
  }
}
