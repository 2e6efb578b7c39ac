import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, Mailer } from './mailer';

/** Real delivery: nodemailer over the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
