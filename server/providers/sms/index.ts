import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { outbox } from '../../db/schema/index';
import { maskPhone } from '../../../domain/rules/people-rules';

/**
 * Sending texts (phone verification, issue 7). Features talk to this interface only. The one implementation is the
 * sandbox: it keeps each text in the outbox table (channel `sms`), where GET /api/dev/outbox shows it outside
 * production, exactly as the email outbox does. A real SMS gateway is a new class behind the same interface.
 */
export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** Hands the text over for delivery; throws when it could not. */
  send(message: SmsMessage): Promise<void>;
}

export class OutboxSms implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly print?: (line: string) => void,
    private readonly printBody = false,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', recipient: message.to, subject: '', body: message.text, createdAt: this.clock.now() });
    if (!this.print) return;
    // Outside production the developer reads the code here; in production only that a text was stored.
    this.print(this.printBody ? `[outbox] text to ${message.to}\n${message.text}\n` : `[outbox] a text was stored for ${maskPhone(message.to)}`);
  }
}
