import { expect } from 'vitest';
import { acceptsAmountInput, centsFromInput } from '../../domain/money/amount-input';
import { cardFeeCents } from '../../domain/money/fees';
import { catalogue } from '../../machines/catalogue';
import { GENERIC_ERROR } from '../../machines/forms/field-errors';
import { RECIPIENT_REQUIRED, SEND_WHOLE_DIGITS } from '../../machines/payments/payment-form';
import { sendChargeOf, sendPaymentMachine, sendRequestOf, type SendPaymentRequest } from '../../machines/send-payment.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { AVAILABLE_CENTS } from './support/payments-fixtures';

interface Fakes {
  focused: number;
  /** Every submit's request, in order. */
  submits: SendPaymentRequest[];
}
type Ctx = StepContext<typeof sendPaymentMachine, Fakes>;

const card = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

/** A refusal shown in this step: exactly the messages named, focus moved to the first. */
function refused(ctx: Ctx, errors: Record<string, string>) {
  expect(Object.fromEntries(Object.entries(ctx.snapshot.context.errors).map(([k, v]) => [k, messageText(v)]))).toEqual(errors);
  expect(ctx.actions).toEqual(['focusFirstError']);
}

function failedWith(ctx: Ctx, code: 'send:error[0]' | 'send:error[1]' | 'send:error[2]') {
  still(ctx);
  expect(ctx.step).toBe(code.replace('send', 'sendPayment'));
  expect(ctx.actions).toEqual(['focusFirstError']);
  expect(ctx.snapshot.context.sent).toBeNull();
}

describeModel('send-payment machine (model-based)', {
  ...fromCatalogue(catalogue['send-payment']),
  setup: () => {
    const fakes: Fakes = { focused: 0, submits: [] };
    const machine = catalogue['send-payment'].fake().provide({ actions: { focusFirstError: () => void fakes.focused++ } });
    return { machine, fakes };
  },
  states: {
    findingReceiver: ({ step, running, snapshot, input }) => {
      // A public profile's link: its username is looked up before anything else.
      expect(step).toBe('init');
      expect(running).toEqual([expect.objectContaining({ src: 'findReceiver', input: { username: input.receiverUsername } })]);
      expect(snapshot.context.recipient).toBeNull();
    },
    recipient: (ctx) => {
      still(ctx);
      const { snapshot, step, event } = ctx;
      if (step === 'init') {
        expect(snapshot.context.recipient).toBeNull();
      } else if (step === 'findReceiver:error') {
        // Nobody by that name: the payer chooses someone, and the link's price point and amount are dropped.
        expect(snapshot.context).toMatchObject({ recipient: null, receiverUsername: null, pricePointId: null, amount: '' });
      } else if (step.startsWith('SET_RECIPIENT')) {
        expect(snapshot.context.recipient).toEqual(event.person);
        expect(snapshot.context.errors).toEqual({});
      } else if (step === 'NEXT') {
        // Nobody chosen: the step says so and stays.
        expect(snapshot.context.recipient).toBeNull();
        refused(ctx, { recipient: messageText(RECIPIENT_REQUIRED)! });
      } else {
        expect(step).toBe('BACK');
        expect(snapshot.context.errors).toEqual({});
      }
    },
    amount: (ctx) => {
      still(ctx);
      const { snapshot, step, event, input } = ctx;
      const { amount, recipient, paymentId } = snapshot.context;
      expect(recipient).not.toBeNull();
      expect(paymentId).toBeNull();
      if (step === 'init') {
        // From a public profile: the receiver and the suggested amount are filled in, and both may change.
        expect([recipient!.userId, amount]).toEqual([input.receiver!.userId, input.amount]);
      } else if (step.startsWith('CHANGE_AMOUNT')) {
        expect(amount).toBe(event.value);
        expect(acceptsAmountInput(amount, SEND_WHOLE_DIGITS)).toBe(true);
      } else if (step === 'NEXT' && ctx.actions.length > 0 && snapshot.context.methodId !== 'balance' && centsFromInput(amount)! > 0) {
        // NEXT from the method step with a card and less than $1.00: back here, the server's rule under the amount.
        expect(centsFromInput(amount)).toBeLessThan(100);
        refused(ctx, { amount: 'payments:rules.card_amount_too_small' });
      } else if (step === 'NEXT' && ctx.actions.length > 0) {
        // NEXT here, not from the recipient step: the amount was refused.
        refused(ctx, { amount: centsFromInput(amount) === 0 ? 'payments:rules.amount_not_positive' : 'payments:rules.required' });
      } else {
        expect(['NEXT', 'BACK']).toContain(step); // NEXT from the recipient, BACK from the message
        expect(snapshot.context.errors).toEqual({});
        expect(ctx.actions).toEqual([]);
      }
    },
    message: (ctx) => {
      still(ctx);
      const { snapshot, step, input } = ctx;
      expect(centsFromInput(snapshot.context.amount)).toBeGreaterThan(0);
      if (step === 'init') {
        // Paying a request: its receiver and amount, fixed; BACK has nowhere to go.
        expect(snapshot.context.paymentId).toBe(input.paymentId);
        expect(snapshot.can({ type: 'BACK' })).toBe(false);
      } else if (step === 'findReceiver:done') {
        // A price point from a public profile: the receiver found by username, the amount its price, fixed.
        expect(snapshot.context.recipient!.username).toBe(input.receiverUsername);
        expect([snapshot.context.amount, snapshot.context.pricePointId]).toEqual([input.amount, input.pricePointId]);
        expect(snapshot.can({ type: 'BACK' })).toBe(false);
      } else if (step === 'CHANGE_MESSAGE') {
        expect(snapshot.context.message).toBe('Lunch');
      } else {
        expect(['NEXT', 'BACK']).toContain(step);
      }
      expect(snapshot.context.errors).toEqual({});
    },
    'method.loading': ({ step, running, snapshot }) => {
      // The balance and cards are read afresh on every visit.
      expect(['NEXT', 'BACK', 'RETRY', 'CHANGE_METHOD']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'loadFunding' })]);
      expect(snapshot.context.errors).toEqual({});
    },
    'method.loadFailed': (ctx) => {
      still(ctx);
      expect(ctx.step).toBe('loadFunding:error');
    },
    'method.choosing': (ctx) => {
      still(ctx);
      const { snapshot, step } = ctx;
      const { funding, methodId } = snapshot.context;
      expect(funding).toEqual({ availableCents: AVAILABLE_CENTS, cards: [card] });
      expect(['balance', card.id]).toContain(methodId);
      if (step === 'NEXT' && ctx.actions.length > 0 && methodId !== 'balance') {
        // A request below $1.00 by card: its amount is fixed, so the method step says the card may not pay it.
        expect(snapshot.context.paymentId).not.toBeNull();
        expect(centsFromInput(snapshot.context.amount)).toBeLessThan(100);
        refused(ctx, { method: 'payments:rules.card_amount_too_small' });
      } else if (step === 'NEXT' && ctx.actions.length > 0) {
        // From the balance, more than it holds: 'Insufficient funds', and no way on until a card is chosen.
        expect(methodId).toBe('balance');
        expect(sendChargeOf(snapshot.context).totalCents).toBeGreaterThan(AVAILABLE_CENTS);
        refused(ctx, { method: 'payments:rules.insufficient_funds' });
      } else if (step.startsWith('SELECT_METHOD')) {
        expect(methodId).toBe(ctx.event.methodId);
        expect(snapshot.context.errors).toEqual({});
      } else {
        expect(step).toBe('loadFunding:done');
        expect(snapshot.context.errors).toEqual({});
      }
    },
    confirm: (ctx) => {
      still(ctx);
      const { snapshot } = ctx;
      const { methodId, amount } = snapshot.context;
      const cents = centsFromInput(amount)!;
      // Amount, transfer fee (5% on a card, none from the balance) and total charge, as the confirm step shows them.
      const fee = methodId === 'balance' ? 0 : cardFeeCents(cents);
      expect(sendChargeOf(snapshot.context)).toEqual({ amountCents: cents, feeCents: fee, totalCents: cents + fee });
      if (methodId === 'balance') expect(cents).toBeLessThanOrEqual(AVAILABLE_CENTS);
      expect(snapshot.context.errors).toEqual({});
    },
    submitting: ({ snapshot, step, running, input, fakes }) => {
      expect(['CONFIRM', 'RETRY']).toContain(step);
      const request = sendRequestOf(snapshot.context);
      expect(running).toEqual([expect.objectContaining({ src: 'sendPayment', input: request })]);
      expect(request.body).toMatchObject({
        receiverUserId: snapshot.context.recipient!.userId,
        paymentMethodId: snapshot.context.methodId,
        amount: expect.stringMatching(/^\d+\.\d\d$/u),
      });
      expect(request.body.paymentId).toBe(input.paymentId ?? undefined);
      expect(request.body.pricePointId).toBe(snapshot.context.pricePointId ?? undefined);
      if (snapshot.context.pricePointId) expect([snapshot.context.pricePointId, snapshot.context.amount]).toEqual([input.pricePointId, input.amount]);
      expect(request.idempotencyKey.startsWith(`${input.flowId}.`)).toBe(true);
      // A retry sends the same body under the same key (it cannot pay twice); a changed payment gets a new key.
      const previous = fakes.submits.at(-1);
      if (step === 'RETRY') expect(request).toEqual(previous);
      else if (previous && JSON.stringify(previous.body) !== JSON.stringify(request.body)) expect(request.idempotencyKey).not.toBe(previous.idempotencyKey);
      fakes.submits.push(request);
    },
    'failed.insufficientFunds': (ctx) => {
      failedWith(ctx, 'send:error[0]');
      expect(messageText(ctx.snapshot.context.failure)).toBe('Send amount cannot exceed available balance');
    },
    'failed.cardDeclined': (ctx) => {
      failedWith(ctx, 'send:error[1]');
      expect(messageText(ctx.snapshot.context.failure)).toBe(
        'Your credit card was declined. Please check the number, contact your bank or choose/enter another card',
      );
    },
    'failed.other': (ctx) => {
      // Offline: the generic message, and RETRY is offered.
      failedWith(ctx, 'send:error[2]');
      expect(ctx.snapshot.context.failure).toEqual(GENERIC_ERROR);
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
    },
    sent: ({ snapshot, step, running }) => {
      expect(step).toBe('sendPayment:done');
      expect(running).toEqual([]);
      expect(snapshot.context.sent).toEqual({ paymentId: 'pay-42', status: 'complete', amount: '12.50', fee: '0.00', totalCharge: '12.50' });
      expect(snapshot.context.recipient).not.toBeNull();
    },
  },
});
