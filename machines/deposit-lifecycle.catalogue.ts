import { depositLifecycleMachine } from './transfer-lifecycle.machine';
import { entry } from './catalogue-entry';

/** The flow atlas entry of `deposit-lifecycle` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: depositLifecycleMachine,
  purpose: 'The authority on deposit status: a card deposit authorised then captured, a USDT transfer confirming then confirmed, or failed; only the system moves it.',
  // Pure: no actions, no actors, no timers (the role arrives in the event).
  views: [],
  operations: {},
  tests: ['tests/unit/machines/transfer-lifecycle.test.ts', 'tests/api/deposits.test.ts'],
  fake: () => depositLifecycleMachine,
  // The system's role lets each event through; the owner's takes no transition (each state's assertion checks it).
  events: {
    AUTHORISED: { type: 'AUTHORISED', role: 'system' },
    CAPTURED: { type: 'CAPTURED', role: 'system' },
    CONFIRMING: { type: 'CONFIRMING', role: 'system' },
    CONFIRMED: { type: 'CONFIRMED', role: 'system' },
    FAILED: { type: 'FAILED', role: 'system' },
  },
});
