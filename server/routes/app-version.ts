import type { OperationHandlers } from '../http/operations';
import { APP_VERSION } from '../version';

export const appVersionHandlers: OperationHandlers = {
  getAppVersion: async () => ({ version: APP_VERSION }),
};
