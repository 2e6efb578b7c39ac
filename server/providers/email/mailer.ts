import type { Db } from '../../db/database';
import type { Tx } from '../../ledger/types';

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
  /**
   * For a mailer that keeps messages in a table of `db` itself (the outbox): how to store keyed messages inside a
   * transaction on `db`, so they exist if and only if what that transaction records about them commits — no lease,
   * no job, no second transaction (docs/performance.md, "notification mails in the pass"). Null (or absent) when the
   * messages go anywhere else (SMTP, or an outbox in another database).
   */
  storeInTransactionsOf?(db: Db): StoreInTransaction | null;
}

/** Stores the messages in `tx`; returns what to announce once it has committed (a log line), never before. */
export type StoreInTransaction = (tx: Tx, messages: EmailMessage[]) => Promise<() => void>;
