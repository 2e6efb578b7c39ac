import { withdrawalLifecycleMachine } from './transfer-lifecycle.machine';
import { entry } from './catalogue-entry';

/** The flow atlas entry of `withdrawal-lifecycle` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: withdrawalLifecycleMachine,
  purpose: 'The authority on withdrawal status: cancellable by its owner while created, then sent and paid, failed or rejected by the payout provider.',
  views: [],
  operations: {},
  tests: ['tests/unit/machines/transfer-lifecycle.test.ts', 'tests/api/withdrawals.test.ts'],
  fake: () => withdrawalLifecycleMachine,
  events: {
    SUBMIT: { type: 'SUBMIT', role: 'system' },
    PAID: { type: 'PAID', role: 'system' },
    FAILED: { type: 'FAILED', role: 'system' },
    REJECTED: { type: 'REJECTED', role: 'system' },
    CANCEL: { type: 'CANCEL', role: 'owner' },
  },
});
