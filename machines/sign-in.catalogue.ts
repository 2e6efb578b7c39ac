import { apiFailure } from './forms/api-failure';
import { signInMachine } from './sign-in.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, formKey, goodPassword, offline, resolves, tooMany, unverifiedUser } from './catalogue-samples';

/** The flow atlas entry of `sign-in` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: signInMachine,
  purpose: 'Sign in: email and password → the session; the same message for a wrong password or an unknown email; the rate limit; an unverified email to /check-email.',
  views: ['src/features/auth/sign-in-page.tsx'],
  operations: { signIn: ['login'] },
  tests: ['tests/unit/machines/sign-in-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/api/accounts-signin.test.ts'],
  fake: () => signInMachine.provide({ actors: { signIn: resolves({ user: activeUser }) } }),
  inputs: { blank: {} },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'email', value: ' Ana@Example.com ' },
      { type: 'CHANGE', field: 'password', value: goodPassword },
    ],
    SUBMIT: { type: 'SUBMIT' },
    TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'password' },
  },
  invokeResults: {
    signIn: {
      done: [{ user: activeUser }, { user: unverifiedUser }],
      error: [
        apiFailure(401, { code: 'invalid_credentials', detail: 'Email or password is incorrect' }),
        tooMany,
        fieldRefusal(400, 'validation_failed', 'body.email', 'Must be a valid email'),
        offline,
      ],
    },
  },
  serializeState: formKey,
});
