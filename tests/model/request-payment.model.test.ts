import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import type { requestPaymentMachine } from '../../machines/request-payment.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';
import { messageText } from './support/accounts-fixtures';
import { ann } from './support/payments-fixtures';

type Ctx = StepContext<typeof requestPaymentMachine, { focused: number }>;

function still({ running, scheduled }: Ctx) {
  expect(running).toEqual([]);
  expect(scheduled).toEqual([]);
}

// Expectations written out, never computed by the machine module (issue 24 item 9).
/** Each amount the samples leave in the field → its message: none typed is required, $500 is not below the limit. */
const AMOUNT_PROBLEM: Record<string, string | null> = {
  '': 'payments:rules.required',
  '20': null,
  // Spec §5: 'Amount must be less than $500'.
  '500': 'payments:rules.request_amount_too_large',
};
/** A request needs a note: blank or spaces only is refused. */
const MESSAGE_PROBLEM: Record<string, string | null> = { '': 'payments:rules.required', '   ': 'payments:rules.required', 'Dinner on Friday': null };
const lookUp = (table: Record<string, string | null>, value: string) => {
  if (!(value in table)) throw new Error(`no literal expectation for ${JSON.stringify(value)}: add it to the table`);
  return table[value];
};
/** What the one request the samples allow sends: Ann, $20 typed as "20", the note trimmed. */
const REQUEST_BODY = { receiverUserId: 'u-ann', amount: '20.00', message: 'Dinner on Friday' };

const texts = (errors: object) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, messageText(v)]));

describeModel('request-payment machine (model-based)', {
  ...fromCatalogue(catalogue['request-payment']),
  setup: () => {
    const fakes = { focused: 0 };
    const machine = catalogue['request-payment'].fake().provide({ actions: { focusFirstError: () => void fakes.focused++ } });
    return { machine, fakes };
  },
  states: {
    editing: (ctx) => {
      still(ctx);
      const { step, snapshot, event, actions } = ctx;
      const c = snapshot.context;
      if (step === 'init') {
        expect(c).toMatchObject({ recipient: null, amount: '', message: '', errors: {} });
      } else if (step.startsWith('SET_RECIPIENT')) {
        expect([c.recipient, c.errors.recipient]).toEqual([event.person, undefined]);
      } else if (step.startsWith('CHANGE_AMOUNT')) {
        // "20.505" (three decimals) is never taken: the field keeps what it had.
        expect(c.amount).toBe(event.value);
        expect(event.value).not.toBe('20.505');
        expect(c.errors.amount).toBeUndefined();
      } else if (step.startsWith('CHANGE_MESSAGE')) {
        expect([c.message, c.errors.message]).toEqual([event.value, undefined]);
      } else if (step === 'SUBMIT') {
        // Refused on the screen, every problem under its field at once, focus on the first.
        expect(actions).toEqual(['focusFirstError']);
        const expected: Record<string, string> = {};
        if (c.recipient === null) expected.recipient = 'payments:rules.recipient_required';
        const amount = lookUp(AMOUNT_PROBLEM, c.amount);
        if (amount) expected.amount = amount;
        const message = lookUp(MESSAGE_PROBLEM, c.message);
        if (message) expected.message = message;
        expect(texts(c.errors)).toEqual(expected);
        expect(Object.keys(expected).length).toBeGreaterThan(0);
      } else {
        // The server refused it (or could not be reached): its words above the button, everything as typed.
        expect(actions).toEqual(['focusFirstError']);
        expect(c).toMatchObject({ recipient: ann, amount: '20', message: 'Dinner on Friday' });
        if (step === 'requestPayment:error[0]') expect(messageText(c.failure)).toBe('Could not find that person.');
        else expect([step, c.failure]).toEqual(['requestPayment:error[1]', { key: 'errors:generic' }]);
      }
    },
    submitting: ({ step, running, snapshot }) => {
      expect(step).toBe('SUBMIT');
      expect(running).toEqual([expect.objectContaining({ src: 'requestPayment', input: REQUEST_BODY })]);
      expect(snapshot.context).toMatchObject({ recipient: ann, amount: '20', message: 'Dinner on Friday' });
      expect(snapshot.context.failure).toBeNull();
    },
    done: ({ step, snapshot, running }) => {
      expect(step).toBe('requestPayment:done');
      expect(running).toEqual([]);
      expect(snapshot.context.requested).toEqual({ paymentId: 'pay-43', amount: '20.00' });
    },
  },
});
