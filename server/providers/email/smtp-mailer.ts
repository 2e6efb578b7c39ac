import type { Transporter } from 'nodemailer';
import type { EmailMessage, Mailer } from './mailer';

/**
 * Real delivery: nodemailer over the SMTP server named by SMTP_URL (smtp:// or smtps://). nodemailer is loaded on
 * the first message, so a server without SMTP_URL (or one that sends nothing) never pays for it at start.
 */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((m) => (m.default ?? m).createTransport(this.smtpUrl));
    return this.transport;
  }

  async send(message: EmailMessage): Promise<void> {
    const transport = await this.connect();
    await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    void this.transport?.then((t) => t.close()).catch(() => {});
  }
}
