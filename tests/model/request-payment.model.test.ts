import { expect } from 'vitest';
import { centsFromInput } from '../../domain/money/amount-input';
import { REQUEST_MAX_EXCLUSIVE_CENTS } from '../../domain/limits';
import { catalogue } from '../../machines/catalogue';
import { GENERIC_ERROR } from '../../machines/forms/field-errors';
import { RECIPIENT_REQUIRED } from '../../machines/payments/payment-form';
import { requestBodyOf, requestPaymentMachine } from '../../machines/request-payment.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { ann } from './support/payments-fixtures';

type Ctx = StepContext<typeof requestPaymentMachine, { focused: number }>;

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

/** Arrived by NEXT or BACK (no messages), or stayed because NEXT was refused (its message, focus moved). */
function arrivedOrRefused(ctx: Ctx, refusal: () => Record<string, string>) {
  const { step, actions, snapshot } = ctx;
  const errors = Object.fromEntries(Object.entries(snapshot.context.errors).map(([k, v]) => [k, messageText(v)]));
  if (step === 'NEXT' && actions.length > 0) {
    expect(errors).toEqual(refusal());
    expect(actions).toEqual(['focusFirstError']);
  } else {
    expect(['NEXT', 'BACK']).toContain(step);
    expect(errors).toEqual({});
    expect(actions).toEqual([]);
  }
}

describeModel('request-payment machine (model-based)', {
  ...fromCatalogue(catalogue['request-payment']),
  setup: () => {
    const fakes = { focused: 0 };
    const machine = catalogue['request-payment'].fake().provide({ actions: { focusFirstError: () => void fakes.focused++ } });
    return { machine, fakes };
  },
  states: {
    recipient: (ctx) => {
      still(ctx);
      const { step, snapshot, event } = ctx;
      if (step === 'init') expect(snapshot.context).toMatchObject({ recipient: null, amount: '', message: '' });
      else if (step.startsWith('SET_RECIPIENT')) expect([snapshot.context.recipient, snapshot.context.errors]).toEqual([event.person, {}]);
      else arrivedOrRefused(ctx, () => ({ recipient: messageText(RECIPIENT_REQUIRED)! }));
    },
    amount: (ctx) => {
      still(ctx);
      const { step, snapshot, event } = ctx;
      expect(snapshot.context.recipient).toEqual(ann);
      if (step.startsWith('CHANGE_AMOUNT')) {
        // "20.505" (three decimals) is never taken: the field keeps what it had.
        expect(snapshot.context.amount).toBe(event.value);
        expect(event.value).not.toBe('20.505');
      } else {
        arrivedOrRefused(ctx, () => {
          const cents = centsFromInput(snapshot.context.amount);
          if (cents === null) return { amount: 'payments:rules.required' };
          if (cents === 0) return { amount: 'payments:rules.amount_not_positive' };
          // $500 is not below the limit: 'Amount must be less than $500'.
          expect(cents).toBeGreaterThanOrEqual(REQUEST_MAX_EXCLUSIVE_CENTS);
          return { amount: 'payments:rules.request_amount_too_large' };
        });
      }
    },
    message: (ctx) => {
      still(ctx);
      const { step, snapshot, event } = ctx;
      const cents = centsFromInput(snapshot.context.amount)!;
      expect(cents > 0 && cents < REQUEST_MAX_EXCLUSIVE_CENTS).toBe(true);
      if (step.startsWith('CHANGE_MESSAGE')) expect([snapshot.context.message, snapshot.context.errors]).toEqual([event.value, {}]);
      // A request needs a message: blank (or spaces only) is refused.
      else arrivedOrRefused(ctx, () => ({ message: 'payments:rules.required' }));
    },
    confirm: (ctx) => {
      still(ctx);
      expect(['NEXT', 'BACK']).toContain(ctx.step);
      expect(requestBodyOf(ctx.snapshot.context)).toEqual({ receiverUserId: ann.userId, amount: '20.00', message: 'Dinner on Friday' });
    },
    submitting: ({ step, running, snapshot }) => {
      expect(['CONFIRM', 'RETRY']).toContain(step);
      expect(running).toEqual([expect.objectContaining({ src: 'requestPayment', input: requestBodyOf(snapshot.context) })]);
      expect(snapshot.context.failure).toBeNull();
    },
    failed: (ctx) => {
      still(ctx);
      const { step, snapshot, actions } = ctx;
      expect(actions).toEqual(['focusFirstError']);
      // The server's localised words, or the generic message when it could not be reached.
      if (step === 'requestPayment:error[0]') expect(messageText(snapshot.context.failure)).toBe('Could not find that person.');
      else expect([step, snapshot.context.failure]).toEqual(['requestPayment:error[1]', GENERIC_ERROR]);
    },
    requested: ({ step, snapshot, running }) => {
      expect(step).toBe('requestPayment:done');
      expect(running).toEqual([]);
      expect(snapshot.context.requested).toEqual({ paymentId: 'pay-43', amount: '20.00' });
    },
  },
});
