import { changePasswordMachine } from './change-password.machine';
import { entry } from './catalogue-entry';
import { activeUser, fieldRefusal, formKey, goodPassword, offline, succeeds, tooMany } from './catalogue-samples';

const newPassword = 'An0ther#pass';

/** The flow atlas entry of `change-password` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: changePasswordMachine,
  purpose: 'Change password while signed in: current, new and confirmation checked by the shared rules; a wrong current password under its field.',
  views: ['src/features/change-password/change-password-page.tsx'],
  operations: { changePassword: ['changePassword'] },
  tests: ['tests/unit/machines/change-password-view.test.ts', 'tests/e2e/accounts.spec.ts', 'tests/api/accounts-passwords.test.ts'],
  fake: () => changePasswordMachine.provide({ actors: { changePassword: succeeds() } }),
  inputs: { signedIn: { userId: activeUser.userId } },
  events: {
    CHANGE: [
      { type: 'CHANGE', field: 'current_password', value: goodPassword },
      { type: 'CHANGE', field: 'password_1', value: newPassword },
      { type: 'CHANGE', field: 'password_2', value: newPassword },
    ],
    SUBMIT: { type: 'SUBMIT' },
    TOGGLE_VISIBILITY: { type: 'TOGGLE_VISIBILITY', field: 'current_password' },
  },
  invokeResults: {
    changePassword: {
      done: [undefined],
      error: [fieldRefusal(400, 'current_password_wrong', 'current_password', 'The current password is incorrect'), tooMany, offline],
    },
  },
  serializeState: formKey,
});
