import type { OperationHandlers } from '../http/operations';
import type { Services } from '../services';
import { APP_VERSION } from '../version';

export function appVersionHandlers(_services: Services): OperationHandlers {
  return {
    getAppVersion: async () => ({ version: APP_VERSION }),
  };
}
