import { apiFailure } from './forms/api-failure';
import { resourceViewMachine } from './resource-view.machine';
import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';

export const resourceSample = { id: 'wd-1', status: 'processing' };
export const resourceReloaded = { id: 'wd-1', status: 'complete' };

/** The flow atlas entry of `resource-view` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: resourceViewMachine,
  purpose: "A read-only screen of one thing from the server (a withdrawal's details, the withdraw method): shown, not found (never whose), or failed with a retry; the open orders reload on a live change of the creator's payments, keeping the last answer on screen.",
  views: ['src/features/withdrawals/withdrawal-details-page.tsx', 'src/features/withdrawals/withdraw-method-page.tsx', 'src/features/orders/open-orders-page.tsx', 'src/features/home/orders-waiting-card.tsx'],
  operations: { load: ['getWithdrawal', 'getBankAccount', 'getPayoutAccount', 'listOpenOrders'] },
  tests: ['tests/unit/machines/open-orders-view.test.ts', 'tests/unit/machines/wallet-views.test.ts', 'tests/e2e/withdrawals.spec.ts', 'tests/api/open-orders.test.ts'],
  fake: () => resourceViewMachine.provide({ actors: { load: resolves<unknown>(resourceSample) } }),
  events: { RETRY: { type: 'RETRY' }, RELOAD: { type: 'RELOAD' } },
  invokeResults: {
    load: { done: [resourceSample, resourceReloaded], error: [apiFailure(404, { code: 'withdrawal_not_found', detail: 'Could not find the transaction' }), offline] },
  },
});
