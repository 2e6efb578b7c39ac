import { REMINDER_INTERVAL_MS, paymentLifecycleMachine } from './payment-lifecycle.machine';
import { entry } from './catalogue-entry';

/** A reminder sent at noon on 2 January 2025 (UTC); the time arrives in the event, the machine has no clock. */
const remindAt = Date.UTC(2025, 0, 2, 12);

/** The flow atlas entry of `payment-lifecycle` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: paymentLifecycleMachine,
  purpose: 'The authority on payment status: who may move a payment from which status to which; the server records each step in its trail.',
  // Pure: no actions, no actors, no timers (time and roles arrive in the events).
  views: [],
  operations: {},
  tests: ['tests/unit/machines/payment-lifecycle.test.ts', 'tests/api/payments.test.ts'],
  fake: () => paymentLifecycleMachine,
  // One sample per guard branch that lets an event through: the role each transition needs (DECLINE is the
  // payer's on a request and the creator's on a price point), and both ways a reminder is due. A refused role
  // takes no transition, so it makes no path: each state's assertion checks every role against the machine.
  events: {
    PAY_FROM_BALANCE: { type: 'PAY_FROM_BALANCE', role: 'sender' },
    AUTHORISE_CARD: { type: 'AUTHORISE_CARD', role: 'sender' },
    CAPTURED: { type: 'CAPTURED', role: 'system' },
    CARD_DECLINED: { type: 'CARD_DECLINED', role: 'system' },
    REQUEST: { type: 'REQUEST', role: 'receiver' },
    PAY: { type: 'PAY', role: 'sender' },
    CANCEL: { type: 'CANCEL', role: 'receiver' },
    DECLINE: [
      { type: 'DECLINE', role: 'sender' },
      { type: 'DECLINE', role: 'receiver' },
    ],
    REMIND: [
      { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: null },
      { type: 'REMIND', role: 'receiver', now: remindAt, lastReminderAt: remindAt - REMINDER_INTERVAL_MS },
    ],
    HOLD_FUNDS: { type: 'HOLD_FUNDS', role: 'sender' },
    REPLY_WITH_MEDIA: { type: 'REPLY_WITH_MEDIA', role: 'receiver' },
    EXPIRE: { type: 'EXPIRE', role: 'system' },
  },
});
