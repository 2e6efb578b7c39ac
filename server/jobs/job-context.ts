import { createMoneyProviders } from '../providers/index';
import { createTranslator, type Translator } from '../i18n/translator';
import { OutboxMailer } from '../providers/email/outbox-mailer';
import type { JobContext } from './handlers';
import type { JobServices } from './job-services';

// Only for runners started without one (tests); the server passes its PUBLIC_URL.
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

let sharedTranslator: Promise<Translator> | null = null;

/** What a job (and the notification pass) works with, from the runner's services and their defaults. */
export async function jobContextOf(services: JobServices): Promise<JobContext> {
  sharedTranslator ??= createTranslator();
  return {
    database: services.database,
    clock: services.clock,
    providers: services.providers ?? createMoneyProviders(services),
    translator: services.translator ?? (await sharedTranslator),
    mailer: services.mailer ?? new OutboxMailer(services.database.db, services.clock, { printBody: false }),
    publicUrl: services.publicUrl ?? DEFAULT_PUBLIC_URL,
  };
}
