import { sendPaymentMachine, type CheckoutItem, type FoundReceiver, type SendPaymentContext, type SentPayment } from './send-payment.machine';
import type { Funding } from './payments/funding';
import { apiFailure } from './forms/api-failure';
import { centsFromInput } from '../domain/money/amount-input';
import { entry } from './catalogue-entry';
import { ann, annabel, offline, resolves } from './catalogue-samples';

/** $100.00 available and one card: $12.50 fits the balance, $150 needs the card. */
const funding: Funding = { availableCents: 100_00, cards: [{ id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }] };
const sentPayment: SentPayment = { paymentId: 'pay-42', status: 'complete', amount: '12.50', fee: '0.00', totalCharge: '12.50', holdExpiresAt: null };
/** Annabel's page: a $25.00 sketch (the link's price point), or nothing offered any more. */
const annabelSketch: CheckoutItem = { id: 'pp-1', description: 'Custom pet sketch', mediaType: 'photo', price: '25.00' };
const annabelPage: FoundReceiver = { receiver: annabel, pricePoints: [annabelSketch] };
const annabelPageWithoutItems: FoundReceiver = { receiver: annabel, pricePoints: [] };
const profileNotFound = apiFailure(404, { code: 'profile_not_found', detail: 'Could not find this profile' });
const insufficientFunds = apiFailure(422, { code: 'insufficient_funds', detail: 'Send amount cannot exceed available balance' });
const cardDeclinedFailure = apiFailure(402, {
  code: 'card_declined',
  detail: 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card',
});
/**
 * Payment screens: the step, and of the values only what a later guard reads — who (while choosing), the amount
 * text (while typing it), then whether it fits the $100 balance; whether there is a note (while writing it); the
 * method; which messages show. Keeping the note or the exact amount after its step would multiply the paths
 * without reaching anything new.
 */
const amountClass = (amount: string) => {
  const cents = centsFromInput(amount);
  if (cents === null) return 'none';
  if (cents === 0) return 'zero';
  if (cents < 100) return 'belowCardMinimum';
  return cents <= funding.availableCents ? 'fitsBalance' : 'overBalance';
};
const sendFormKey = (snapshot: { value: unknown; context: SendPaymentContext }) => {
  const c = snapshot.context;
  const newCard = c.methodId === 'new-card';
  // Before the methods are known, what was typed leads nowhere new: one node per state there (the typing is
  // still replayed and checked; only the graph does not branch on it).
  // Whether a price point is being bought (its checkout) or was dropped is kept: it fixes the amount.
  const checkout = c.pricePointId !== null ? 'item' : c.itemGone ? 'gone' : null;
  if (JSON.stringify(snapshot.value) !== '{"form":"editing"}') return JSON.stringify({ value: snapshot.value, failure: c.failure !== null, funding: c.funding !== null, checkout });
  return JSON.stringify({
    value: snapshot.value,
    // Once the methods are known a dropped price point is a plain payment: only whether the amount is fixed counts.
    fixed: c.pricePointId !== null,
    recipient: c.recipient !== null,
    amount: amountClass(c.amount),
    method: c.methodId,
    // The card only matters while it is the method (it can be typed only then).
    card: newCard ? [Object.values(c.card).every((v) => v !== ''), c.card.number.endsWith('1'), c.saveCard] : undefined,
    // Not which messages show: a refused Pay changes nothing else, and the problems follow from the rest of the key.
    failure: c.failure === null ? null : c.declined ? 'declined' : 'other',
  });
};
/** Sample "now" for the send screen's new card: 1 June 2026 (a card expiring 12/30 is good). */
const SAMPLE_TODAY = Date.UTC(2026, 5, 1);
const GOOD_NEW_CARD = { nameOnCard: 'Ann Smith', number: '4242424242424242', expiry: '12/30', cvv: '123', country: 'US', postalCode: '94107' };

/** The flow atlas entry of `send-payment` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: sendPaymentMachine,
  purpose: 'Send money on one screen: recipient, amount, note, a method that can pay (the balance only when it covers the total; a saved card; a new card typed in place, saved unless unticked), the fee and total live, and one button "Pay $12.50" — then done, or the server\'s refusal with everything kept. From a creator\'s price point it is the checkout: the item named and priced as offered, the note as the brief.',
  views: ['src/features/payment/send-payment-page.tsx', 'src/features/payment/send-payment-parts.tsx'],
  operations: { loadFunding: ['getWallet', 'listCards'], sendPayment: ['sendPayment'], findReceiver: ['getPublicProfile'] },
  tests: ['tests/unit/machines/checkout-view.test.ts', 'tests/unit/machines/send-parts-view.test.ts', 'tests/unit/machines/send-form-view.test.ts', 'tests/e2e/payments.spec.ts', 'tests/e2e/payments-funded.spec.ts', 'tests/e2e/price-point-checkout.spec.ts', 'tests/api/payments.test.ts', 'tests/api/new-card-payment.test.ts'],
  fake: () =>
    sendPaymentMachine.provide({
      actors: { loadFunding: resolves(funding), sendPayment: resolves(sentPayment), findReceiver: resolves(annabelPage) },
    }),
  inputs: {
    blank: { flowId: 'flow-1', today: SAMPLE_TODAY, country: 'US' },
    // A public profile's link: the receiver by username, and a price point at its price.
    fromLink: { flowId: 'flow-4', today: SAMPLE_TODAY, receiverUsername: annabel.username, amount: '25.00', pricePointId: 'pp-1' },
    payingRequest: {
      flowId: 'flow-3',
      today: SAMPLE_TODAY,
      receiver: { userId: ann.userId, username: ann.username },
      amount: '120.00',
      paymentId: 'pay-7',
      request: { note: 'Concert tickets', requestedAt: '2026-11-20T18:30:00.000Z' },
    },
    // A request below $1.00: the balance pays it, a card may not (its amount is fixed, so the method says so).
    payingSmallRequest: { flowId: 'flow-5', today: SAMPLE_TODAY, receiver: { userId: ann.userId, username: ann.username }, amount: '0.50', paymentId: 'pay-8' },
  },
  events: {
    // Someone chosen (the screen starts with nobody: Pay then says who is missing).
    SET_RECIPIENT: { type: 'SET_RECIPIENT', person: ann },
    // Within the $100 balance, above it (a card can pay it), below the $1.00 a card may be charged.
    CHANGE_AMOUNT: [
      { type: 'CHANGE_AMOUNT', value: '12.50' },
      { type: 'CHANGE_AMOUNT', value: '150' },
      { type: 'CHANGE_AMOUNT', value: '0.50' },
    ],
    CHANGE_MESSAGE: { type: 'CHANGE_MESSAGE', value: 'Lunch' },
    // The saved card, the balance, a card typed in place, and a card that is not the payer's (refused).
    SELECT_METHOD: [
      { type: 'SELECT_METHOD', methodId: 'card-1' },
      { type: 'SELECT_METHOD', methodId: 'balance' },
      { type: 'SELECT_METHOD', methodId: 'new-card' },
      { type: 'SELECT_METHOD', methodId: 'card-9' },
    ],
    // A whole good card, one whose number fails the check digit and whose expiry is no month, and an expiry the
    // MM/YY field does not take.
    CHANGE_CARD: [
      { type: 'CHANGE_CARD', values: GOOD_NEW_CARD },
      { type: 'CHANGE_CARD', values: { number: '4242424242424241', expiry: '13/30' } },
      { type: 'CHANGE_CARD', values: { expiry: '1/3/0' } },
    ],
    SET_SAVE_CARD: { type: 'SET_SAVE_CARD', save: false },
    // The supporters wall opt-in (not in the serialised state: the body carries it, see the model tests).
    SET_SHOW_ON_PAGE: { type: 'SET_SHOW_ON_PAGE', show: true },
    SUBMIT: { type: 'SUBMIT' },
    RETRY: { type: 'RETRY' },
  },
  invokeResults: {
    loadFunding: { done: [funding], error: [offline] },
    sendPayment: { done: [sentPayment], error: [insufficientFunds, cardDeclinedFailure, offline] },
    // The link's price point still offered (the checkout), or no longer (a plain payment to the creator).
    findReceiver: { done: [annabelPage, annabelPageWithoutItems], error: [profileNotFound] },
  },
  serializeState: sendFormKey,
});
