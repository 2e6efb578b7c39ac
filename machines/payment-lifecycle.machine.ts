import { getNextSnapshot, setup } from 'xstate';

/**
 * The authority on payment status (design.md §4). The server asks it whether a transition is allowed before it
 * changes a payment (and records every transition it takes); the web app asks it which actions to offer; the flow
 * atlas draws it. Pure: no I/O, no timers — time and roles arrive in the events.
 *
 *   send from balance   created ─PAY_FROM_BALANCE→ complete
 *   send by card        created ─AUTHORISE_CARD→ awaiting ─CAPTURED→ complete | ─CARD_DECLINED→ failed
 *   request             created ─REQUEST→ requested ─PAY→ complete (payer pays from balance)
 *                                           requested ─AUTHORISE_CARD→ awaiting (payer pays by card)
 *                                           requested ─CANCEL→ cancelled (requester) | ─DECLINE→ rejected (payer)
 *                                           requested ─REMIND→ requested (requester, at most once per 24 h)
 *   price point         created ─HOLD_FUNDS→ new ─REPLY_WITH_MEDIA→ processing ─CAPTURED→ complete
 *                                           new ─DECLINE→ rejected (creator) | ─EXPIRE→ cancelled (72 h, system)
 *                                           processing ─CARD_DECLINED→ failed (a card capture refused)
 *
 * Roles: the payer is the payment's `sender`, the one paid is its `receiver` (for a request, the requester).
 */
export const PAYMENT_STATUSES = [
  'created',
  'requested',
  'awaiting',
  'new',
  'processing',
  'complete',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const FINAL_STATUSES: readonly PaymentStatus[] = ['complete', 'rejected', 'failed', 'cancelled'];

export type PaymentRole = 'sender' | 'receiver' | 'system';

export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type PaymentEvent =
  | { type: 'PAY_FROM_BALANCE'; role: PaymentRole }
  | { type: 'AUTHORISE_CARD'; role: PaymentRole }
  | { type: 'CAPTURED'; role: PaymentRole }
  | { type: 'CARD_DECLINED'; role: PaymentRole }
  | { type: 'REQUEST'; role: PaymentRole }
  | { type: 'PAY'; role: PaymentRole }
  | { type: 'CANCEL'; role: PaymentRole }
  | { type: 'DECLINE'; role: PaymentRole }
  | { type: 'REMIND'; role: PaymentRole; now: number; lastReminderAt: number | null }
  | { type: 'HOLD_FUNDS'; role: PaymentRole }
  | { type: 'REPLY_WITH_MEDIA'; role: PaymentRole }
  | { type: 'EXPIRE'; role: PaymentRole };
export type PaymentEventType = PaymentEvent['type'];

export const paymentLifecycleMachine = setup({
  types: {
    events: {} as PaymentEvent,
  },
  guards: {
    bySender: ({ event }) => event.role === 'sender',
    byReceiver: ({ event }) => event.role === 'receiver',
    bySystem: ({ event }) => event.role === 'system',
    reminderDue: ({ event }) =>
      event.type === 'REMIND' &&
      event.role === 'receiver' &&
      (event.lastReminderAt === null || event.now - event.lastReminderAt >= REMINDER_INTERVAL_MS),
  },
}).createMachine({
  id: 'paymentLifecycle',
  initial: 'created',
  states: {
    created: {
      on: {
        PAY_FROM_BALANCE: { target: 'complete', guard: 'bySender' },
        AUTHORISE_CARD: { target: 'awaiting', guard: 'bySender' },
        REQUEST: { target: 'requested', guard: 'byReceiver' },
        HOLD_FUNDS: { target: 'new', guard: 'bySender' },
        CARD_DECLINED: { target: 'failed', guard: 'bySystem' },
      },
    },
    requested: {
      on: {
        PAY: { target: 'complete', guard: 'bySender' },
        AUTHORISE_CARD: { target: 'awaiting', guard: 'bySender' },
        CANCEL: { target: 'cancelled', guard: 'byReceiver' },
        DECLINE: { target: 'rejected', guard: 'bySender' },
        REMIND: { target: 'requested', guard: 'reminderDue', reenter: true },
      },
    },
    awaiting: {
      on: {
        CAPTURED: { target: 'complete', guard: 'bySystem' },
        CARD_DECLINED: { target: 'failed', guard: 'bySystem' },
      },
    },
    new: {
      on: {
        REPLY_WITH_MEDIA: { target: 'processing', guard: 'byReceiver' },
        DECLINE: { target: 'rejected', guard: 'byReceiver' },
        EXPIRE: { target: 'cancelled', guard: 'bySystem' },
      },
    },
    processing: {
      on: {
        CAPTURED: { target: 'complete', guard: 'bySystem' },
        CARD_DECLINED: { target: 'failed', guard: 'bySystem' },
      },
    },
    complete: { type: 'final' },
    rejected: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The status `event` leads to from `status`, or null when the machine does not allow it. */
// A status's snapshot is immutable and the machine has no context, so each is resolved once: every answer the API
// gives shows a payment's actions, five questions to the machine each (docs/performance.md).
const snapshots = new Map<PaymentStatus, ReturnType<typeof paymentLifecycleMachine.resolveState>>();
function snapshotOf(status: PaymentStatus) {
  let snapshot = snapshots.get(status);
  if (!snapshot) snapshots.set(status, (snapshot = paymentLifecycleMachine.resolveState({ value: status, context: {} })));
  return snapshot;
}

export function nextPaymentStatus(status: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  const snapshot = snapshotOf(status);
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  return getNextSnapshot(paymentLifecycleMachine, snapshot, event).value as PaymentStatus;
}

/** The user actions the machine allows a party now (what the app offers on a payment). */
export type PaymentAction = 'pay' | 'cancel' | 'decline' | 'remind' | 'reply';
export function availableActions(
  status: PaymentStatus,
  role: 'sender' | 'receiver',
  now: number,
  lastReminderAt: number | null,
): PaymentAction[] {
  const out: PaymentAction[] = [];
  // A final status (most payments a list shows) accepts no event at all.
  if (snapshotOf(status).status !== 'active') return out;
  if (nextPaymentStatus(status, { type: 'PAY', role })) out.push('pay');
  if (nextPaymentStatus(status, { type: 'CANCEL', role })) out.push('cancel');
  if (nextPaymentStatus(status, { type: 'DECLINE', role })) out.push('decline');
  if (nextPaymentStatus(status, { type: 'REMIND', role, now, lastReminderAt })) out.push('remind');
  if (nextPaymentStatus(status, { type: 'REPLY_WITH_MEDIA', role })) out.push('reply');
  return out;
}
