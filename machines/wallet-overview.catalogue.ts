import { walletOverviewMachine, type WalletOverview } from './wallet-overview.machine';
import * as activity from './activity/samples';
import * as deposits from './deposits/samples';
import { liveSamples, transferSample } from './live/live-updates';
import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';

/** The wallet screens (issue 6): a balance with one withdrawal and one deposit. */
const overview: WalletOverview = {
  wallet: { balance: '50.00', available: '50.00', held: '0.00' },
  withdrawals: [],
  deposits: [deposits.cardDeposit('complete')],
};

/** The flow atlas entry of `wallet-overview` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: walletOverviewMachine,
  purpose: 'The withdraw-funds page: balance, withdrawals and deposits read together; a retry when that fails, a re-read on return.',
  views: ['src/features/wallet/withdraw-funds-page.tsx'],
  operations: { loadOverview: ['getWallet', 'listWithdrawals', 'listDeposits'], liveUpdates: ['streamEvents'] },
  tests: ['tests/unit/machines/wallet-views.test.ts', 'tests/e2e/wallet-deposits.spec.ts', 'tests/e2e/withdrawals.spec.ts'],
  fake: () => walletOverviewMachine.provide({ actors: { loadOverview: resolves(overview) } }),
  events: { RETRY: { type: 'RETRY' }, REFRESH: { type: 'REFRESH' }, ...liveSamples(activity.myRequest.payment_id), ...transferSample() },
  invokeResults: { loadOverview: { done: [overview], error: [offline] } },
});
