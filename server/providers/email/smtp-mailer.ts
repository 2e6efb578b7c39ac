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
    // Bounded waits: a request hands its mail over while the user waits, and a mail server that accepts the
    // connection but never answers must turn into a queued retry (jobs/mail-delivery.ts) in seconds, not in
    // nodemailer's default two minutes. Options in SMTP_URL's query, if any, still win.
    this.transport ??= import('nodemailer').then((m) =>
      (m.default ?? m).createTransport({ url: this.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    );
    return this.transport;
  }

  async send(message: EmailMessage): Promise<void> {
    const transport = await this.connect();
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.key ? { messageId: messageIdOf(message.key, this.from) } : {}),
    });
  }

  close(): void {
    void this.transport?.then((t) => t.close()).catch(() => {});
  }
}

/** A stable Message-ID for a keyed message, on the sender's domain (RFC 5322: `<left@right>`). */
function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'tipjar.invalid';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`;
}
