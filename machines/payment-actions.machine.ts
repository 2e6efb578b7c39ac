import { assign, setup } from 'xstate';
import type { PaymentView } from './activity/payment-types';
import { hostActor } from './forms/host-actor';

/**
 * What the signed-in user may do with one payment (spec 4 "Payment status"), from its lifecycle status and the
 * user's role in it (`transaction_type`: `sender` is the payer, `receiver` the one paid — for a request, the
 * requester):
 * - requested & receiver (I asked): cancel, or send a reminder — each after a Yes in its dialog;
 * - requested & sender (I was asked): reject (after a Yes in the reject dialog: the status it leaves is `rejected`) or pay;
 * - new & receiver (a fan paid my price point): reply with the promised media to claim it — Action Required — or
 *   decline the order (after a Yes: the status it leaves is `rejected`, the fan's money released to them at once);
 * - new & sender (I paid a price point): nothing to do but wait — Pending Reply;
 * - anything else: no actions.
 * A reminder is offered only while the server's `actions` list it: the server alone knows when the last one went
 * out (one per 24 h). After a change the machine takes the payment the server answered and decides again, so a
 * cancelled request offers nothing more and a reminded one no second reminder.
 */
export interface PaymentActionsInput {
  userId: string;
  payment: PaymentView;
}

export interface PaymentActionsContext {
  userId: string;
  payment: PaymentView;
}

export type PaymentActionsEvent =
  | { type: 'CANCEL' }
  | { type: 'REMIND' }
  | { type: 'REJECT' }
  | { type: 'PAY' }
  | { type: 'REPLY' }
  /** The creator refuses a fan's order: the server rejects it and gives the fan their money back. */
  | { type: 'DECLINE' }
  /** Yes in the open confirmation dialog. */
  | { type: 'CONFIRM' }
  /** No, Escape or a click outside the open dialog. */
  | { type: 'DISMISS' }
  /** The page loaded the payment again (a message claimed it, another tab changed it): decide anew. */
  | { type: 'PAYMENT_UPDATED'; payment: PaymentView };

export interface PaymentCallInput {
  userId: string;
  paymentId: string;
}

const status = (context: PaymentActionsContext) => context.payment.status;
const role = (context: PaymentActionsContext) => context.payment.transaction_type;

const call = (name: string) => hostActor<PaymentView, PaymentCallInput>(name);

const callInput = ({ context }: { context: PaymentActionsContext }): PaymentCallInput => ({
  userId: context.userId,
  paymentId: context.payment.payment_id,
});

export const paymentActionsMachine = setup({
  types: {
    context: {} as PaymentActionsContext,
    events: {} as PaymentActionsEvent,
    input: {} as PaymentActionsInput,
  },
  actors: {
    cancelRequest: call('cancelRequest'),
    rejectRequest: call('rejectRequest'),
    remindRequest: call('remindRequest'),
    declineOrder: call('declineOrder'),
  },
  guards: {
    iRequested: ({ context }) => status(context) === 'requested' && role(context) === 'receiver',
    iAmAskedToPay: ({ context }) => status(context) === 'requested' && role(context) === 'sender',
    myReplyIsDue: ({ context }) => status(context) === 'new' && role(context) === 'receiver',
    theirReplyIsDue: ({ context }) => status(context) === 'new' && role(context) === 'sender',
    reminderAllowed: ({ context }) => context.payment.actions.includes('remind'),
  },
  actions: {
    takeUpdate: assign({
      payment: ({ context, event }) => (event.type === 'PAYMENT_UPDATED' ? event.payment : context.payment),
    }),
    // An answer without a payment (none came back) keeps the one on screen.
    takeAnswer: assign(({ context }, payment: PaymentView | undefined) => ({ payment: payment ?? context.payment })),
    // Host effects: snackbars (spec 8), telling the page, and where Pay and Reply lead.
    notifyCancelled: () => {},
    notifyRejected: () => {},
    notifyReminded: () => {},
    notifyDeclined: () => {},
    reportChanged: (_, _params: { payment: PaymentView }) => {},
    goToPay: (_, _params: { payment: PaymentView }) => {},
    goToReply: (_, _params: { payment: PaymentView }) => {},
  },
}).createMachine({
  id: 'paymentActions',
  context: ({ input }) => ({ userId: input.userId, payment: input.payment }),
  initial: 'deciding',
  on: {
    PAYMENT_UPDATED: { target: '.deciding', actions: 'takeUpdate' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'iRequested', target: 'requested' },
        { guard: 'iAmAskedToPay', target: 'askedToPay' },
        { guard: 'myReplyIsDue', target: 'actionRequired' },
        { guard: 'theirReplyIsDue', target: 'pendingReply' },
        { target: 'noActions' },
      ],
    },
    requested: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CANCEL: 'confirmingCancel',
            REMIND: { guard: 'reminderAllowed', target: 'confirmingRemind' },
          },
        },
        confirmingCancel: { on: { DISMISS: 'idle', CONFIRM: 'cancelling' } },
        cancelling: {
          invoke: {
            src: 'cancelRequest',
            input: callInput,
            onDone: {
              target: '#paymentActions.deciding',
              actions: [
                { type: 'takeAnswer', params: ({ event }) => event.output },
                'notifyCancelled',
                { type: 'reportChanged', params: ({ event }) => ({ payment: event.output }) },
              ],
            },
            // The client's middleware shows the server's message; the request is as it was.
            onError: 'idle',
          },
        },
        confirmingRemind: { on: { DISMISS: 'idle', CONFIRM: 'reminding' } },
        reminding: {
          invoke: {
            src: 'remindRequest',
            input: callInput,
            onDone: {
              target: '#paymentActions.deciding',
              actions: [
                { type: 'takeAnswer', params: ({ event }) => event.output },
                'notifyReminded',
                { type: 'reportChanged', params: ({ event }) => ({ payment: event.output }) },
              ],
            },
            onError: 'idle',
          },
        },
      },
    },
    askedToPay: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REJECT: 'confirmingReject',
            PAY: { actions: { type: 'goToPay', params: ({ context }) => ({ payment: context.payment }) } },
          },
        },
        // Rejecting is the payer's refusal (spec 4; issue 22 item 4): one verb for button, dialog, toast and status.
        confirmingReject: { on: { DISMISS: 'idle', CONFIRM: 'rejecting' } },
        rejecting: {
          invoke: {
            src: 'rejectRequest',
            input: callInput,
            onDone: {
              target: '#paymentActions.deciding',
              actions: [
                { type: 'takeAnswer', params: ({ event }) => event.output },
                'notifyRejected',
                { type: 'reportChanged', params: ({ event }) => ({ payment: event.output }) },
              ],
            },
            onError: 'idle',
          },
        },
      },
    },
    actionRequired: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REPLY: { actions: { type: 'goToReply', params: ({ context }) => ({ payment: context.payment }) } },
            DECLINE: 'confirmingDecline',
          },
        },
        // The creator won't fulfil the order: declined (→ rejected), its hold is released, so the fan is refunded now
        // rather than after 72 hours. Worded "Reject" on screen, like the status it leaves (issue 22 item 4).
        confirmingDecline: { on: { DISMISS: 'idle', CONFIRM: 'declining' } },
        declining: {
          invoke: {
            src: 'declineOrder',
            input: callInput,
            onDone: {
              target: '#paymentActions.deciding',
              actions: [
                { type: 'takeAnswer', params: ({ event }) => event.output },
                'notifyDeclined',
                { type: 'reportChanged', params: ({ event }) => ({ payment: event.output }) },
              ],
            },
            // The client's middleware shows the server's words (replied or declined meanwhile); the order stays on screen.
            onError: 'idle',
          },
        },
      },
    },
    pendingReply: {},
    noActions: {},
  },
});
