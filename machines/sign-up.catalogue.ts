import { signUpMachine } from './sign-up.machine';
import { entry } from './catalogue-entry';
import { fieldRefusal, formKey, goodPassword, offline, resolves, tooMany, unverifiedUser } from './catalogue-samples';

/** The flow atlas entry of `sign-up` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: signUpMachine,
  purpose: 'Sign-up: email, password and confirmation, consent → account created and signed in → /check-email; carries a purchase from a creator page.',
  views: ['src/features/auth/sign-up-page.tsx'],
  operations: { createUser: ['createUser'] },
  tests: ['tests/unit/machines/sign-up-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/api/accounts-signup.test.ts'],
  fake: () => signUpMachine.provide({ actors: { createUser: resolves({ user: unverifiedUser }) } }),
  inputs: { plain: { purchase: null }, withPurchase: { purchase: { creatorUsername: 'mia', amount: '5.00' } } },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'email', value: 'Ana@Example.com' },
      { type: 'CHANGE', field: 'password', value: goodPassword },
      { type: 'CHANGE', field: 'confirmPassword', value: goodPassword },
      { type: 'CHANGE', field: 'acceptTerms', value: true },
    ],
    SUBMIT: { type: 'SUBMIT' },
    TOGGLE_VISIBILITY: [
      { type: 'TOGGLE_VISIBILITY', field: 'password' },
      { type: 'TOGGLE_VISIBILITY', field: 'confirmPassword' },
    ],
  },
  invokeResults: {
    createUser: { done: [{ user: unverifiedUser }], error: [fieldRefusal(409, 'email_taken', 'email', 'Email already registered'), tooMany, offline] },
  },
  serializeState: formKey,
});
