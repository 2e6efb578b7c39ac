import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../ledger/types';
import type { EmailMessage, Mailer, StoreInTransaction } from './mailer';

export interface OutboxMailerOptions {
  /**
   * Where a copy of each message is printed, if anywhere. Outside production the whole message (code and link
   * included) is printed so a developer can sign up without a mail server; in production nothing secret is: only
   * that a message to some address was stored.
   */
  print?: (line: string) => void;
  printBody: boolean;
}

/** Stores messages in the `outbox` table (read by GET /api/dev/outbox outside production). */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: OutboxMailerOptions,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const stored = await this.store(this.db, [message]);
    // Already stored under this key: handed over before, so nothing new to print either.
    if (stored.length === 0) return;
    const print = this.options.print;
    if (!print) return;
    if (this.options.printBody) print(fullText(message));
    else print(`[outbox] an email was stored for ${maskAddress(message.to)} (set SMTP_URL to deliver email)`);
  }

  /**
   * Several messages in one insert (the job runner's notification batch). Outside production each new one is
   * printed in full, as send does; otherwise one line for the batch, naming no one: under load a line per mail
   * would be a line per payment.
   */
  async sendAll(messages: EmailMessage[]): Promise<void> {
    if (messages.length === 0) return;
    this.announce(messages, await this.store(this.db, messages));
  }

  /** sendAll inside a transaction on this outbox's own database; printed once it has committed. */
  storeInTransactionsOf(db: Db): StoreInTransaction | null {
    if (db !== this.db) return null;
    return async (tx, messages) => {
      if (messages.length === 0) return () => {};
      const stored = await this.store(tx, messages);
      return () => this.announce(messages, stored);
    };
  }

  private announce(messages: EmailMessage[], stored: (string | null)[]): void {
    const print = this.options.print;
    if (!print || stored.length === 0) return;
    if (this.options.printBody) {
      const fresh = new Set(stored);
      for (const message of messages) if (fresh.has(message.key ?? null)) print(fullText(message));
    } else {
      print(`[outbox] ${stored.length} email(s) stored (set SMTP_URL to deliver email)`);
    }
  }

  /**
   * The keys of the rows stored now: a keyed message stored before is not stored again. One statement whatever the
   * number of messages, each column one array parameter: as a Drizzle multi-row insert a batch of 100 mails was 600
   * parameters built and encoded on the API's event loop (docs/performance.md, session 6).
   */
  private async store(db: Db | Tx, messages: EmailMessage[]): Promise<(string | null)[]> {
    const at = this.clock.now().toISOString();
    const result = (await db.execute(sql`
      INSERT INTO outbox (channel, recipient, subject, body, created_at, message_key)
      SELECT 'email', m.recipient, m.subject, m.body, ${at}::timestamptz, m.message_key
      FROM unnest(${sql.param(messages.map((m) => m.to))}::text[], ${sql.param(messages.map((m) => m.subject))}::text[],
                  ${sql.param(messages.map((m) => m.text))}::text[], ${sql.param(messages.map((m) => m.key ?? null))}::text[])
        WITH ORDINALITY AS m(recipient, subject, body, message_key, n)
      ORDER BY m.n
      ON CONFLICT (message_key) DO NOTHING
      RETURNING message_key AS key`)) as unknown as { rows: { key: string | null }[] };
    return result.rows.map((row) => row.key);
  }
}

const fullText = (message: EmailMessage) => `[outbox] email to ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;

/** `ann@example.com` → `a***@example.com`: enough to tell messages apart in a log without naming anyone. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
