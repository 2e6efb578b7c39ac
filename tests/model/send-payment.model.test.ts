import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { sendChargeOf, sendRequestOf, type sendPaymentMachine, type SendPaymentRequest } from '../../machines/send-payment.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { ann, annabel } from './support/payments-fixtures';

/** The price point the catalogue's creator page offers (the link's `pp-1`). */
const annabelSketch = { id: 'pp-1', description: 'Custom pet sketch', mediaType: 'photo', price: '25.00' };

interface Fakes {
  /** Every submit's request, in order. */
  submits: SendPaymentRequest[];
  /** How often the balance and cards arrived. */
  loads: number;
}
type Ctx = StepContext<typeof sendPaymentMachine, Fakes>;

const card = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const DECLINED = 'Your credit card was declined. Please check the number, contact your bank or choose/enter another card';

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

// Expectations written out, never computed by the machine module or domain/money (issue 24 item 9).
/**
 * Every amount the samples put in the field (the CHANGE_AMOUNT samples, the link's price, the requests'), as
 * cents, as sent, and the card fee: 5 % of the amount, half up to the cent (design.md §3; spec: fee rate 0.05).
 */
const AMOUNTS: Record<string, { cents: number | null; wire: string | null; cardFee: number | null }> = {
  '': { cents: null, wire: null, cardFee: null },
  '12.50': { cents: 1250, wire: '12.50', cardFee: 63 }, // 62.5 rounds up
  '150': { cents: 15_000, wire: '150.00', cardFee: 750 },
  '0.50': { cents: 50, wire: '0.50', cardFee: 3 }, // 2.5 rounds up
  '25.00': { cents: 2500, wire: '25.00', cardFee: 125 },
  '120.00': { cents: 12_000, wire: '120.00', cardFee: 600 },
};
function amountOf(text: string) {
  const row = AMOUNTS[text];
  if (!row) throw new Error(`no literal expectation for the amount ${JSON.stringify(text)}: add it to AMOUNTS`);
  return row;
}
/** The people the samples pay, by username. */
const USER_IDS: Record<string, string> = { ann: 'u-ann', annabel: 'u-annabel' };
/** The note as sent: left out when blank. */
const MESSAGES: Record<string, string | undefined> = { '': undefined, Lunch: 'Lunch' };
/** The GOOD_NEW_CARD sample as the body carries it: the expiry as numbers. */
const NEW_CARD_BODY = { nameOnCard: 'Ann Smith', number: '4242424242424242', expMonth: 12, expYear: 2030, cvv: '123', country: 'US', postalCode: '94107' };
/**
 * Issue 23: the supporters-wall opt-in goes only to the creator whose public page opened the screen (the fromLink
 * input, Annabel's page), and only when ticked; otherwise it is absent.
 */
const showOnPageSent = (c: Ctx['snapshot']['context'], input: Ctx['input']) =>
  c.showOnPage && input.receiverUsername === 'annabel' && c.recipient?.username === 'annabel' ? true : undefined;

const texts = (errors: object) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, messageText(v)]));

/** The method is always one that can pay: never the balance when it does not cover the total. */
function methodCanPay(ctx: Ctx) {
  const { methodId } = ctx.snapshot.context;
  // The balance pays no fee: it covers the total when it covers the amount ($100.00 available).
  if (methodId === 'balance') expect(amountOf(ctx.snapshot.context.amount).cents ?? 0).toBeLessThanOrEqual(10_000);
  else expect(['card-1', 'new-card']).toContain(methodId);
}

describeModel('send-payment machine (model-based)', {
  ...fromCatalogue(catalogue['send-payment']),
  setup: () => {
    const fakes: Fakes = { submits: [], loads: 0 };
    return { machine: catalogue['send-payment'].fake(), fakes };
  },
  states: {
    findingReceiver: ({ step, running, snapshot, input }) => {
      // A public profile's link: its username is looked up before anything else.
      expect(step).toBe('init');
      expect(running).toEqual([expect.objectContaining({ src: 'findReceiver', input: { username: input.receiverUsername } })]);
      expect(snapshot.context.recipient).toBeNull();
    },
    'form.loading': (ctx) => {
      const { step, running, snapshot, input, actions } = ctx;
      // The balance and cards, read before anything can be chosen; again after the server found the balance short.
      expect(running).toEqual([expect.objectContaining({ src: 'loadFunding' })]);
      if (step === 'findReceiver:done[0]') {
        // The creator's page lists the link's price point: the checkout names it and charges its price.
        expect(snapshot.context).toMatchObject({ recipient: annabel, pricePointId: input.pricePointId, item: annabelSketch, amount: '25.00', itemGone: false });
      } else if (step === 'findReceiver:done[1]') {
        // No longer offered: the creator stays the receiver; the price point and its amount are dropped, and said so.
        expect(snapshot.context).toMatchObject({ recipient: annabel, pricePointId: null, item: null, amount: '', itemGone: true });
      } else if (step === 'findReceiver:error') {
        // Nobody by that name: the payer chooses someone, and the link's price point and amount are dropped.
        expect(snapshot.context).toMatchObject({ recipient: null, receiverUsername: null, pricePointId: null, amount: '' });
      } else if (step === 'sendPayment:error[0]') {
        expect(messageText(snapshot.context.failure)).toBe('Send amount cannot exceed available balance');
        expect(actions).toEqual(['focusFirstError']);
      } else if (step === 'SUBMIT') {
        // Pay before the methods are known: what is missing is said, nothing is sent.
        expect(actions).toEqual(['focusFirstError']);
        expect(Object.keys(snapshot.context.errors).length).toBeGreaterThan(0);
        if (snapshot.context.funding === null) expect(snapshot.context.errors.method).toBeUndefined();
      } else if (step === 'SET_RECIPIENT' || step === 'CHANGE_MESSAGE' || step.startsWith('CHANGE_AMOUNT')) {
        // Typed while the balance and cards load: taken; nothing is decided about the method before they are known
        // (read again after the server found the balance short, the method still pays what it can).
        if (snapshot.context.funding === null) expect(snapshot.context.methodId).toBe('balance');
        else methodCanPay(ctx);
      } else if (step === 'SET_SHOW_ON_PAGE') {
        // The supporters wall opt-in (issue 23), taken at any time on the form.
        expect(snapshot.context.showOnPage).toBe(true);
      } else {
        expect(['init', 'RETRY']).toContain(step);
      }
    },
    'form.loadFailed': (ctx) => {
      still(ctx);
      if (!['SET_RECIPIENT', 'CHANGE_MESSAGE', 'SET_SHOW_ON_PAGE'].includes(ctx.step) && !ctx.step.startsWith('CHANGE_AMOUNT')) expect(ctx.step).toBe('loadFunding:error');
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    'form.editing': (ctx) => {
      still(ctx);
      const { snapshot, step, event, input, actions } = ctx;
      const c = snapshot.context;
      expect(c.funding).toEqual({ availableCents: 100_00, cards: [card] });
      methodCanPay(ctx);
      // A request's receiver and amount, and a price point's amount, are fixed.
      if (input.paymentId) {
        expect([c.recipient?.userId, c.amount, c.paymentId]).toEqual([ann.userId, input.amount, input.paymentId]);
        expect(snapshot.can({ type: 'SET_RECIPIENT', person: null })).toBe(false);
        expect(snapshot.can({ type: 'CHANGE_AMOUNT', value: '1' })).toBe(false);
        if (input.request) expect(c.request).toEqual(input.request);
      }
      if (c.pricePointId) {
        // The checkout: the item as the creator's page offers it, at its price, which cannot be changed.
        expect([c.item, c.amount]).toEqual([annabelSketch, annabelSketch.price]);
        expect(snapshot.can({ type: 'CHANGE_AMOUNT', value: '1' })).toBe(false);
      } else {
        expect(c.item).toBeNull();
      }
      if (step === 'loadFunding:done') {
        // The first method that can pay: the balance when it covers the amount, else the saved card (after the
        // server found the balance short, the method the payer had, if it can still pay).
        const balanceCovers = (amountOf(c.amount).cents ?? 0) <= 10_000;
        if (++ctx.fakes.loads === 1) expect(c.methodId).toBe(balanceCovers ? 'balance' : card.id);
      } else if (step.startsWith('SET_RECIPIENT')) {
        expect(c.recipient).toEqual(event.person);
        expect(c.errors).toEqual({});
      } else if (step.startsWith('CHANGE_AMOUNT')) {
        expect(c.amount).toBe(event.value);
        expect(c.errors).toEqual({});
      } else if (step === 'CHANGE_MESSAGE') {
        expect(c.message).toBe('Lunch');
      } else if (step.startsWith('SELECT_METHOD')) {
        expect(c.methodId).toBe(event.methodId);
        expect(c.errors).toEqual({});
      } else if (step.startsWith('CHANGE_CARD')) {
        expect(c.methodId).toBe('new-card');
        expect(c.card).toMatchObject(event.values);
      } else if (step === 'SET_SAVE_CARD') {
        expect([c.methodId, c.saveCard]).toEqual(['new-card', false]);
      } else if (step === 'SET_SHOW_ON_PAGE') {
        // Sent only to the creator whose page opened the screen (off by default; issue 23).
        expect(c.showOnPage).toBe(true);
        expect(sendRequestOf(c).body.showOnPage).toBe(showOnPageSent(c, input));
      } else if (step === 'SUBMIT') {
        // Refused before anything is sent: each problem under its field, focus on the first.
        expect(actions).toEqual(['focusFirstError']);
        const errors = texts(c.errors);
        const { cents } = amountOf(c.amount);
        if (c.recipient === null) expect(errors.recipient).toBe('payments:rules.recipient_required');
        if (cents === null) expect(errors.amount).toBe('payments:rules.required');
        else if (c.methodId !== 'balance' && cents < 100) {
          expect(errors[c.paymentId || c.pricePointId ? 'method' : 'amount']).toBe('payments:rules.card_amount_too_small');
        }
        if (c.methodId === 'new-card' && c.card.number.endsWith('1')) {
          expect(texts(c.cardErrors)).toMatchObject({ number: 'wallet:rules.card_number_invalid', expiry: 'wallet:rules.card_exp_month' });
        }
        expect(Object.keys(c.errors).length + Object.keys(c.cardErrors).length).toBeGreaterThan(0);
      } else if (step === 'sendPayment:error[1]') {
        // Declined: the processor's words, under the card when it was typed in; nothing typed is lost.
        expect(messageText(c.failure)).toBe(DECLINED);
        expect(c.declined).toBe(true);
        if (c.methodId === 'new-card') expect(c.card.number).not.toBe('');
        expect(actions).toEqual(['focusFirstError']);
      } else {
        // Offline: the generic message; the same button sends the same body (same key) again.
        expect(step).toBe('sendPayment:error[2]');
        expect(c.failure).toEqual({ key: 'errors:generic' });
        expect(snapshot.can({ type: 'SUBMIT' })).toBe(true);
      }
    },
    submitting: ({ snapshot, step, running, input, fakes }) => {
      expect(step).toBe('SUBMIT');
      const c = snapshot.context;
      const amount = amountOf(c.amount);
      const byCard = c.methodId !== 'balance';
      // The charge the summary shows: the card adds its fee, the balance none.
      const fee = byCard ? amount.cardFee! : 0;
      expect(sendChargeOf(c)).toEqual({ amountCents: amount.cents, feeCents: fee, totalCents: amount.cents! + fee });
      if (byCard) expect(amount.cents).toBeGreaterThanOrEqual(100); // a card is not charged below $1.00
      else expect(amount.cents).toBeLessThanOrEqual(10_000); // within the $100.00 balance
      expect(c.message in MESSAGES).toBe(true);
      const body = {
        receiverUserId: USER_IDS[c.recipient!.username],
        amount: amount.wire,
        ...(c.methodId === 'new-card' ? { newCard: NEW_CARD_BODY, save: c.saveCard } : { paymentMethodId: c.methodId }),
        message: MESSAGES[c.message],
        paymentId: input.paymentId ?? undefined,
        pricePointId: c.pricePointId ?? undefined,
        showOnPage: showOnPageSent(c, input),
      };
      expect(running).toEqual([
        expect.objectContaining({ src: 'sendPayment', input: { idempotencyKey: expect.any(String), body } }),
      ]);
      const request = running[0]!.input as SendPaymentRequest;
      // Exactly one of paymentMethodId and newCard, and no key left undefined (the JSON body says what it sends).
      expect(Object.values(request.body).includes(undefined)).toBe(false);
      expect(request.body).toEqual(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
      expect(request.idempotencyKey.startsWith(`${input.flowId}.`)).toBe(true);
      // The same body again (a retry after a lost answer) goes under the same key; a changed one under a new key.
      for (const previous of fakes.submits) {
        if (JSON.stringify(previous.body) === JSON.stringify(request.body)) expect(request.idempotencyKey).toBe(previous.idempotencyKey);
        else expect(request.idempotencyKey).not.toBe(previous.idempotencyKey);
      }
      fakes.submits.push(request);
    },
    done: ({ snapshot, step, running }) => {
      expect(step).toBe('sendPayment:done');
      expect(running).toEqual([]);
      expect(snapshot.context.sent).toEqual({ paymentId: 'pay-42', status: 'complete', amount: '12.50', fee: '0.00', totalCharge: '12.50', holdExpiresAt: null });
      expect(snapshot.context.recipient).not.toBeNull();
    },
  },
});
