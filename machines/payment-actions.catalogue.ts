import * as activity from './activity/samples';
import { paymentActionsMachine } from './payment-actions.machine';
import { entry } from './catalogue-entry';
import { resolves } from './catalogue-samples';

/** The flow atlas entry of `payment-actions` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: paymentActionsMachine,
  purpose: 'What the user may do with one payment from its status and their role: cancel or remind a request they made, reject or pay one made to them, reply to claim a price point or reject it and refund the fan; cancel, remind and both rejects after a Yes.',
  views: ['src/features/transactions/payment-actions-panel.tsx'],
  operations: { cancelRequest: ['cancelPaymentRequest'], rejectRequest: ['cancelPaymentRequest'], remindRequest: ['remindPaymentRequest'], declineOrder: ['cancelPaymentRequest'] },
  tests: ['tests/unit/machines/payment-actions-view.test.ts', 'tests/e2e/request-paid.spec.ts', 'tests/e2e/price-point-reply.spec.ts', 'tests/api/payments.test.ts'],
  fake: () =>
    paymentActionsMachine.provide({
      actors: {
        cancelRequest: resolves(activity.myCancelledRequest),
        rejectRequest: resolves(activity.declinedRequestToMe),
        remindRequest: resolves(activity.myRemindedRequest),
        declineOrder: resolves(activity.rejectedPricePointToMe),
      },
    }),
  // One payment per status and role the offer depends on, plus one that offers nothing.
  inputs: {
    myRequest: { userId: activity.ANA_ID, payment: activity.myRequest },
    myRemindedRequest: { userId: activity.ANA_ID, payment: activity.myRemindedRequest },
    requestToMe: { userId: activity.ANA_ID, payment: activity.requestToMe },
    pricePointToMe: { userId: activity.ANA_ID, payment: activity.pricePointToMe },
    pricePointFromMe: { userId: activity.ANA_ID, payment: activity.pricePointFromMe },
    completeSend: { userId: activity.ANA_ID, payment: activity.completeSend },
  },
  events: {
    CANCEL: { type: 'CANCEL' },
    REMIND: { type: 'REMIND' },
    REJECT: { type: 'REJECT' },
    PAY: { type: 'PAY' },
    REPLY: { type: 'REPLY' },
    DECLINE: { type: 'DECLINE' },
    CONFIRM: { type: 'CONFIRM' },
    DISMISS: { type: 'DISMISS' },
    // Loaded again elsewhere: paid meanwhile (nothing left to do), or still a request of mine.
    PAYMENT_UPDATED: [
      { type: 'PAYMENT_UPDATED', payment: activity.completeSend },
      { type: 'PAYMENT_UPDATED', payment: activity.myRequest },
    ],
  },
  invokeResults: {
    cancelRequest: { done: [activity.myCancelledRequest], error: [activity.notAllowed, activity.offline] },
    rejectRequest: { done: [activity.declinedRequestToMe], error: [activity.notAllowed] },
    remindRequest: { done: [activity.myRemindedRequest], error: [activity.tooSoon] },
    // Declined or replied to meanwhile (another tab), or no network.
    declineOrder: { done: [activity.rejectedPricePointToMe], error: [activity.notAllowed, activity.offline] },
  },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, payment: snapshot.context.payment.payment_id, status: snapshot.context.payment.status, actions: snapshot.context.payment.actions }),
});
