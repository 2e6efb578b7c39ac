import { apiFailure } from './forms/api-failure';
import { closeAccountMachine } from './close-account.machine';
import { entry } from './catalogue-entry';
import { marta, succeeds, wrongPassword } from './catalogue-samples';

const balanceLeft = apiFailure(409, {
  code: 'account_has_balance',
  detail: 'Your wallet still holds money. Withdraw or spend it before closing your account.',
});

/** The flow atlas entry of `close-account` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: closeAccountMachine,
  purpose:
    'Close account: a confirmation dialog that asks for the password, then the server closes it or says why not (wrong password, money in the wallet, payments still open).',
  views: ['src/features/settings/close-account-section.tsx'],
  operations: { closeAccount: ['closeAccount'] },
  tests: ['tests/unit/machines/close-account-view.test.ts', 'tests/e2e/account-settings.spec.ts', 'tests/api/account-settings.test.ts'],
  fake: () => closeAccountMachine.provide({ actors: { closeAccount: succeeds() } }),
  inputs: { signedIn: { userId: marta.userId } },
  events: {
    CLOSE: { type: 'CLOSE' },
    PASSWORD_SUBMIT: [
      { type: 'PASSWORD_SUBMIT', password: '' },
      { type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' },
    ],
    CANCEL: { type: 'CANCEL' },
  },
  invokeResults: { closeAccount: { done: [undefined], error: [balanceLeft, wrongPassword] } },
});
