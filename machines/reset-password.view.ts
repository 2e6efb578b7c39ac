import type { SnapshotFrom } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import { formView, type FormView } from './forms/form-view';
import type { resetPasswordMachine } from './reset-password.machine';

type ResetPasswordSnapshot = Pick<SnapshotFrom<typeof resetPasswordMachine>, 'can' | 'hasTag' | 'context' | 'matches'>;

/**
 * /reset-password as its machine shows it (issue 24 item 6): the new-password form while the link can be used;
 * otherwise why it cannot (invalid, expired, used), above the way to ask for a new one.
 */
export type ResetPasswordView =
  | { form: FormView<'resetPassword.submit' | 'resetPassword.submitting'>; unusableLink: null }
  | { form: null; unusableLink: { message: FormMessage | null } };

export function resetPasswordView(snapshot: ResetPasswordSnapshot): ResetPasswordView {
  if (snapshot.matches('linkUnusable')) return { form: null, unusableLink: { message: snapshot.context.message } };
  return {
    form: formView(snapshot, {
      change: { type: 'CHANGE', field: 'password_1', value: '' },
      submit: { type: 'SUBMIT' },
      idle: 'resetPassword.submit',
      busy: 'resetPassword.submitting',
    }),
    unusableLink: null,
  };
}
