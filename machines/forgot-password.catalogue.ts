import { forgotPasswordMachine } from './forgot-password.machine';
import { entry } from './catalogue-entry';
import { offline, succeeds, tooMany } from './catalogue-samples';

/** The flow atlas entry of `forgot-password` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: forgotPasswordMachine,
  purpose: 'Forgot password: an email → a reset link by email, the same answer whether or not an account exists; send again.',
  views: ['src/features/auth/forgot-password-page.tsx'],
  operations: { sendResetLink: ['forgotPassword'] },
  tests: ['tests/unit/machines/forgot-password-view.test.ts', 'tests/api/accounts-passwords.test.ts'],
  fake: () => forgotPasswordMachine.provide({ actors: { sendResetLink: succeeds() } }),
  inputs: { blank: {} },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'email', value: ' Ana@Example.com' },
      { type: 'CHANGE', field: 'email', value: 'ana@' },
    ],
    SUBMIT: { type: 'SUBMIT' },
    SEND_AGAIN: { type: 'SEND_AGAIN' },
    EDIT: { type: 'EDIT' },
  },
  invokeResults: { sendResetLink: { done: [undefined], error: [tooMany, offline] } },
});
