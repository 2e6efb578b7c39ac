import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import {
  availableActions,
  FINAL_STATUSES,
  nextPaymentStatus,
  PAYMENT_STATUSES,
  type PaymentAction,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentRole,
  type PaymentStatus,
  type paymentLifecycleMachine,
} from '../../machines/payment-lifecycle.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** A payment_events row as the server writes it (server/payments/lifecycle.ts); `by` is the caller's role. */
interface TrailLine {
  from: PaymentStatus | null;
  to: PaymentStatus;
  event: PaymentEventType | 'CREATE';
  by: PaymentRole | null;
}
/** The payment's trail so far on this path: what `GET …/payment/{paymentId}/events` would return. */
interface Fakes {
  trail: TrailLine[];
}
type Ctx = StepContext<typeof paymentLifecycleMachine, Fakes>;

/**
 * docs/money.md, "Payment lifecycle": from each status, the calls the server accepts (event, whose) and where they
 * lead. Written out here, not read from the machine, so the model test holds the machine to the documented table.
 */
const ACCEPTS: Record<PaymentStatus, Array<[PaymentEventType, PaymentRole, PaymentStatus]>> = {
  created: [
    ['PAY_FROM_BALANCE', 'sender', 'complete'],
    ['AUTHORISE_CARD', 'sender', 'awaiting'],
    ['CARD_DECLINED', 'system', 'failed'],
    ['REQUEST', 'receiver', 'requested'],
    ['HOLD_FUNDS', 'sender', 'new'],
  ],
  requested: [
    ['PAY', 'sender', 'complete'],
    ['AUTHORISE_CARD', 'sender', 'awaiting'],
    ['CANCEL', 'receiver', 'cancelled'],
    ['DECLINE', 'sender', 'rejected'],
    ['REMIND', 'receiver', 'requested'],
  ],
  awaiting: [
    ['CAPTURED', 'system', 'complete'],
    ['CARD_DECLINED', 'system', 'failed'],
  ],
  new: [
    ['REPLY_WITH_MEDIA', 'receiver', 'processing'],
    ['DECLINE', 'receiver', 'rejected'],
    ['EXPIRE', 'system', 'cancelled'],
  ],
  processing: [
    ['CAPTURED', 'system', 'complete'],
    ['CARD_DECLINED', 'system', 'failed'],
  ],
  complete: [],
  rejected: [],
  failed: [],
  cancelled: [],
};

const EVENT_TYPES: PaymentEventType[] = [
  'PAY_FROM_BALANCE', 'AUTHORISE_CARD', 'CAPTURED', 'CARD_DECLINED', 'REQUEST', 'PAY', 'CANCEL', 'DECLINE', 'REMIND',
  'HOLD_FUNDS', 'REPLY_WITH_MEDIA', 'EXPIRE',
];
const ROLES: PaymentRole[] = ['sender', 'receiver', 'system'];
const NOW = Date.UTC(2025, 0, 2, 12);
/** docs/money.md: one reminder per request every 24 hours. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** An event of `type` from `role`; a reminder as if none had been sent yet (the 24-hour rule is checked apart). */
const call = (type: PaymentEventType, role: PaymentRole): PaymentEvent =>
  type === 'REMIND' ? { type, role, now: NOW, lastReminderAt: null } : ({ type, role } as PaymentEvent);

/**
 * What being in `status` means, for the server and for the app:
 * - the status the payment row holds, and the trail: every step so far, one line each, the machine having
 *   allowed it for the role that asked — starting `∅ → created` (CREATE);
 * - the server accepts exactly the documented calls from here (every other event and role is a 409), and a final
 *   status accepts none;
 * - each party is offered exactly `offers` (the payment's `actions` on the wire; no reminder sent yet).
 */
function means(status: PaymentStatus, offers: Record<'sender' | 'receiver', PaymentAction[]>) {
  return ({ snapshot, event, step, fakes }: Ctx) => {
    expect(snapshot.value).toBe(status);
    const { trail } = fakes;
    if (step === 'init') {
      expect(trail).toEqual([]);
      trail.push({ from: null, to: 'created', event: 'CREATE', by: null });
    } else {
      const { type, role } = event as PaymentEvent;
      const from = trail.at(-1)!.to;
      expect(ACCEPTS[from], `${type} by ${role} from ${from}`).toContainEqual([type, role, status]);
      expect(nextPaymentStatus(from, event as PaymentEvent), 'what the server would ask the machine').toBe(status);
      trail.push({ from, to: status, event: type, by: role });
    }
    expect(trail[0]).toEqual({ from: null, to: 'created', event: 'CREATE', by: null });

    for (const type of EVENT_TYPES) {
      for (const role of ROLES) {
        const documented = ACCEPTS[status].find(([t, r]) => t === type && r === role)?.[2] ?? null;
        expect(nextPaymentStatus(status, call(type, role)), `${status}: ${type} by ${role}`).toBe(documented);
      }
    }
    // Final exactly when the documented table accepts nothing from here.
    const final = ACCEPTS[status].length === 0;
    expect(snapshot.status).toBe(final ? 'done' : 'active');
    expect(FINAL_STATUSES.includes(status)).toBe(final);

    expect(availableActions(status, 'sender', NOW, null), 'offered to the payer').toEqual(offers.sender);
    expect(availableActions(status, 'receiver', NOW, null), 'offered to the one paid').toEqual(offers.receiver);
  };
}
const nothing = { sender: [], receiver: [] };

// Samples come from the catalogue (one per role a transition needs, two ways a reminder is due), so these paths
// are the ones docs/flows/payment-lifecycle.md lists.
describeModel('payment lifecycle machine (model-based)', {
  ...fromCatalogue(catalogue['payment-lifecycle']),
  setup: () => ({ machine: catalogue['payment-lifecycle'].fake(), fakes: { trail: [] as TrailLine[] } }),
  states: {
    // Never stored: createPayment takes the first step out of it in the same statement (two trail lines).
    created: (ctx) => {
      expect(ctx.step).toBe('init');
      means('created', nothing)(ctx);
    },
    requested: (ctx) => {
      means('requested', { sender: ['pay', 'decline'], receiver: ['cancel', 'remind'] })(ctx);
      if (ctx.event.type === 'REMIND') {
        // A reminder was sent now: the requester cannot send another for 24 hours (429 reminder_too_soon), and
        // the app stops offering it until then.
        const sent = ctx.event as Extract<PaymentEvent, { type: 'REMIND' }>;
        const again = (after: number): PaymentEvent => ({ type: 'REMIND', role: 'receiver', now: sent.now + after, lastReminderAt: sent.now });
        expect(nextPaymentStatus('requested', again(DAY_MS - 1))).toBeNull();
        expect(nextPaymentStatus('requested', again(DAY_MS))).toBe('requested');
        expect(availableActions('requested', 'receiver', sent.now + 1, sent.now)).toEqual(['cancel']);
        expect(ctx.fakes.trail.filter((line) => line.event === 'REMIND')).toHaveLength(1);
      }
    },
    // Card authorised, waiting for the provider: only the system (its webhook or job) moves it on.
    awaiting: (ctx) => means('awaiting', nothing)(ctx),
    // A fan's price-point payment held in escrow: the creator replies with media or declines; the job expires it.
    new: (ctx) => means('new', { sender: [], receiver: ['decline', 'reply'] })(ctx),
    // Claimed by the creator's reply: the capture is the system's.
    processing: (ctx) => means('processing', nothing)(ctx),
    complete: (ctx) => means('complete', nothing)(ctx),
    rejected: (ctx) => means('rejected', nothing)(ctx),
    failed: (ctx) => means('failed', nothing)(ctx),
    cancelled: (ctx) => means('cancelled', nothing)(ctx),
  },
});

// Every status is a state of the machine (and each has its assertion above, or describeModel refuses the file).
expect([...PAYMENT_STATUSES].sort()).toEqual(Object.keys(ACCEPTS).sort());
