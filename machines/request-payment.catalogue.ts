import type { Person } from './payments/person';
import { apiFailure } from './forms/api-failure';
import { requestPaymentMachine } from './request-payment.machine';
import { entry } from './catalogue-entry';
import { ann, offline, resolves } from './catalogue-samples';

const requestFormKey = (snapshot: { value: unknown; context: { recipient: Person | null; amount: string; message: string; errors: object; failure: unknown } }) => {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    recipient: c.recipient !== null,
    amount: c.amount,
    message: c.message.trim() !== '',
    errors: Object.keys(c.errors),
    failure: c.failure !== null,
  });
};

/** The flow atlas entry of `request-payment` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: requestPaymentMachine,
  purpose: 'Request money on one screen: whom to ask, an amount below $500, a note (required), a summary and one button "Request $20.00"; a refusal keeps everything typed.',
  views: ['src/features/payment/request-payment-page.tsx'],
  operations: { requestPayment: ['requestPayment'] },
  tests: ['tests/unit/machines/request-form-view.test.ts', 'tests/e2e/payments.spec.ts', 'tests/e2e/request-paid.spec.ts', 'tests/api/payments.test.ts'],
  fake: () => requestPaymentMachine.provide({ actors: { requestPayment: resolves({ paymentId: 'pay-43', amount: '20.00' }) } }),
  events: {
    SET_RECIPIENT: [
      { type: 'SET_RECIPIENT', person: ann },
      { type: 'SET_RECIPIENT', person: null },
    ],
    // Good, $500 (not below the limit); "20.505" breaks the input rule and is never taken.
    CHANGE_AMOUNT: [
      { type: 'CHANGE_AMOUNT', value: '20' },
      { type: 'CHANGE_AMOUNT', value: '500' },
      { type: 'CHANGE_AMOUNT', value: '20.505' },
    ],
    CHANGE_MESSAGE: [
      { type: 'CHANGE_MESSAGE', value: 'Dinner on Friday' },
      { type: 'CHANGE_MESSAGE', value: '   ' },
    ],
    SUBMIT: { type: 'SUBMIT' },
  },
  invokeResults: {
    requestPayment: {
      done: [{ paymentId: 'pay-43', amount: '20.00' }],
      error: [apiFailure(404, { code: 'user_not_found', detail: 'Could not find that person.' }), offline],
    },
  },
  serializeState: requestFormKey,
});
