import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  /** timeoutMs bounds each step (connecting, the greeting, any silence), so a stuck server fails the send. */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs: number,
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      // Unset: nodemailer makes a random one per attempt.
      messageId: message.messageId,
    });
  }
}
