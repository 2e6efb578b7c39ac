import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Translator } from './i18n/translator';
import type { Mailer } from './providers/email/index';

/**
 * What handlers and jobs are given. Each feature exports `xxxHandlers(services): OperationHandlers` from
 * `server/routes/xxx.ts`; app.ts composes them, so a feature never reaches for globals.
 */
export interface Services {
  config: Config;
  database: Database;
  clock: Clock;
  translator: Translator;
  mailer: Mailer;
}
