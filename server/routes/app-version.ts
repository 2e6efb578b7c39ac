import type { SomeHandlers } from '../http/contract-handlers';
import type { Services } from '../services';
import { APP_VERSION } from '../version';

export function appVersionHandlers(_services: Services) {
  return {
    getAppVersion: async () => ({ version: APP_VERSION }),
  } satisfies SomeHandlers;
}
