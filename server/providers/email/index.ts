import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { EmailMessage, Mailer, StoreInTransaction } from './mailer';

export interface MailerChoice {
  mailer: Mailer;
  kind: 'smtp' | 'outbox';
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox table. Outside production the outbox also prints each message
 * in full (the developer's inbox); in production it prints only that a message was stored, never its content.
 */
export function createMailer(config: Config, db: Db, clock: Clock, print: (line: string) => void): MailerChoice {
  if (config.smtpUrl) {
    const smtp = new SmtpMailer(config.smtpUrl, config.mailFrom);
    return { mailer: smtp, kind: 'smtp', close: () => smtp.close() };
  }
  // Tests run with NODE_ENV=test: dev features on, but nothing printed to clutter their output.
  const quiet = config.env === 'test';
  return {
    mailer: new OutboxMailer(db, clock, { print: quiet ? undefined : print, printBody: config.devFeatures }),
    kind: 'outbox',
    close: () => {},
  };
}
