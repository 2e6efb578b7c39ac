import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Translator } from './i18n/translator';
import type { Mailer } from './providers/email/index';
import type { Providers } from './providers/index';
import type { SmsSender } from './providers/sms/index';

/**
 * What handlers and jobs are given. Each feature exports `xxxHandlers(services)` (its handlers, `satisfies SomeHandlers`)
 * from `server/routes/xxx.ts`; app.ts composes them, so a feature never reaches for globals.
 */
export interface Services {
  config: Config;
  database: Database;
  clock: Clock;
  translator: Translator;
  mailer: Mailer;
  /** Texts (phone verification): the sandbox keeps them in the outbox. */
  sms: SmsSender;
  /** Card processor, USDT network, payouts and media storage (sandboxes by default; design.md §5). */
  providers: Providers;
}
