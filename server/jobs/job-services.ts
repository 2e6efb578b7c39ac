import type { Database } from '../db/database';
import type { Clock } from '../clock';
import type { MoneyProviders } from '../providers/index';
import type { Translator } from '../i18n/translator';
import type { Mailer } from '../providers/email/index';
import type { JobOutcome } from './job-records';

/** Where each job's outcome is logged, with the `reqId` of the request that scheduled it (pino's interface). */
interface JobLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What the job runner works with (server/jobs/runner.ts): its own module, so the runner's helpers can name it. */
export interface JobServices {
  database: Database;
  clock: Clock;
  /** Default: the sandbox providers on this database (the same provider the app uses). */
  providers?: MoneyProviders;
  translator?: Translator;
  /** Where notification emails go. Default: the outbox table on this database (what the sandbox mailer does). */
  mailer?: Mailer;
  /** The app's address for links in emails (config PUBLIC_URL). */
  publicUrl?: string;
  /** Where each job's outcome is logged, with the `reqId` of the request that scheduled it (pino's interface). */
  log?: JobLog;
  /** Told of every job run (metrics). */
  onJobFinished?: (kind: string, outcome: JobOutcome, seconds: number) => void;
}
