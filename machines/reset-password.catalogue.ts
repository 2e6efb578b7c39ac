import { apiFailure } from './forms/api-failure';
import { resetPasswordMachine } from './reset-password.machine';
import { entry } from './catalogue-entry';
import { fieldRefusal, formKey, goodPassword, offline, succeeds } from './catalogue-samples';

/** The flow atlas entry of `reset-password` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: resetPasswordMachine,
  purpose: 'Reset password from the emailed link: a new password twice → sign in; an incomplete, invalid, expired or used link says so.',
  views: ['src/features/auth/reset-password-page.tsx'],
  operations: { resetPassword: ['resetPassword'] },
  tests: ['tests/unit/machines/reset-password-view.test.ts', 'tests/api/accounts-passwords.test.ts'],
  fake: () => resetPasswordMachine.provide({ actors: { resetPassword: succeeds() } }),
  inputs: {
    link: { email: 'Ana@example.com', saltcode: 's4lt' },
    brokenLink: { email: 'ana@example.com', saltcode: null },
  },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'password_1', value: goodPassword },
      { type: 'CHANGE', field: 'password_2', value: goodPassword },
    ],
    SUBMIT: { type: 'SUBMIT' },
    TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'password_1' },
  },
  invokeResults: {
    resetPassword: {
      done: [undefined],
      error: [
        apiFailure(410, { code: 'reset_link_expired', detail: 'This reset link has expired. Ask for a new one.' }),
        apiFailure(410, { code: 'reset_link_used', detail: 'This reset link was already used.' }),
        fieldRefusal(400, 'validation_failed', 'password_1', 'Password must contain a symbol'),
        offline,
      ],
    },
  },
  serializeState: formKey,
});
