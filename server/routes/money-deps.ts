import type { Services } from '../services';
import type { MoneyDeps } from '../wallet/deps';

export function moneyDepsOf(services: Services): MoneyDeps {
  return { database: services.database, clock: services.clock, providers: services.providers, translator: services.translator };
}
