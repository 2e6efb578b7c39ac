import type { Database } from '../db/database';
import type { Clock } from '../clock';
import type { MoneyProviders } from '../providers/index';
import type { Translator } from '../i18n/translator';

/** What the money use cases that call providers need; the same for a request and for a background job. */
export interface MoneyDeps {
  database: Database;
  clock: Clock;
  providers: MoneyProviders;
  translator: Translator;
}
