import { depositDetailsMachine } from './deposit-details.machine';
import * as deposits from './deposits/samples';
import { entry } from './catalogue-entry';
import { offline, resolves } from './catalogue-samples';

/** The flow atlas entry of `deposit-details` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: depositDetailsMachine,
  purpose: 'One deposit (payment id, date, status, charged type and amount, total); read again every 3 s while in flight; "Could not find the transaction" for an unknown, malformed or foreign id.',
  views: ['src/features/wallet/deposit-details-page.tsx'],
  operations: { loadDeposit: ['getDeposit'] },
  tests: ['tests/unit/machines/wallet-views.test.ts', 'tests/e2e/wallet-deposits.spec.ts', 'tests/api/deposits.test.ts'],
  fake: () => depositDetailsMachine.provide({ actors: { loadDeposit: resolves(deposits.cardDeposit('complete')) } }),
  inputs: { withId: { depositId: 'dep-1' }, withoutId: { depositId: null } },
  events: { RETRY: { type: 'RETRY' } },
  invokeResults: {
    loadDeposit: {
      done: [deposits.cardDeposit('processing'), deposits.cardDeposit('complete')],
      error: [deposits.notFound, deposits.malformedId, offline],
    },
  },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, status: snapshot.context.deposit?.status ?? null }),
});
