/**
 * Sending email (design.md §5). Features talk to this interface only; which implementation runs is decided once
 * at start (`createMailer`): SMTP through nodemailer when SMTP_URL is set, otherwise the outbox table.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Makes handing the same message over twice harmless (a notification job repeated after a lost lease): the outbox
   * stores a keyed message once; SMTP sends the key as the Message-ID, by which mail systems drop a duplicate.
   */
  key?: string;
}

export interface Mailer {
  /** Hands the message over for delivery. Throws when it could not; callers decide whether that fails the call. */
  send(message: EmailMessage): Promise<void>;
  /**
   * Hands several keyed messages over at once, all or none (throws when it could not): for a mailer that can do it
   * in one step (the outbox: one insert). Without it, callers send them one by one.
   */
  sendAll?(messages: EmailMessage[]): Promise<void>;
}
