import type { SnapshotFrom } from 'xstate';
import { formView, type FormView } from './forms/form-view';
import type { changePasswordMachine } from './change-password.machine';

type ChangePasswordSnapshot = Pick<SnapshotFrom<typeof changePasswordMachine>, 'can' | 'hasTag' | 'context' | 'matches'>;

/** /change-password as its machine shows it (issue 24 item 6): the form until the password is changed, then the notice. */
export type ChangePasswordView =
  | { form: FormView<'changePassword.submit' | 'changePassword.submitting'>; changed: false }
  | { form: null; changed: true };

export function changePasswordView(snapshot: ChangePasswordSnapshot): ChangePasswordView {
  if (snapshot.matches('changed')) return { form: null, changed: true };
  return {
    form: formView(snapshot, {
      change: { type: 'CHANGE', field: 'current_password', value: '' },
      submit: { type: 'SUBMIT' },
      idle: 'changePassword.submit',
      busy: 'changePassword.submitting',
    }),
    changed: false,
  };
}
