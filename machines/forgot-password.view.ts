import type { SnapshotFrom } from 'xstate';
import { buttonView, formView, type ButtonView, type FormView } from './forms/form-view';
import type { forgotPasswordMachine } from './forgot-password.machine';

type ForgotPasswordSnapshot = Pick<SnapshotFrom<typeof forgotPasswordMachine>, 'can' | 'hasTag' | 'context' | 'matches'>;

/**
 * /forgot-password as its machine shows it (issue 24 item 6): the email form, or — once the link is sent — "check
 * your email" with Send again and Use another email. Sending again shows the form's working words until it is sent.
 */
export type ForgotPasswordView =
  | { titleKey: 'titles.forgotPassword'; form: FormView<'forgotPassword.submit' | 'forgotPassword.submitting'>; sent: null }
  | {
      titleKey: 'forgotPassword.sentTitle';
      form: null;
      sent: { sendAgain: ButtonView<'forgotPassword.sendAgain'>; useAnotherEmail: ButtonView<'forgotPassword.useAnotherEmail'> };
    };

export function forgotPasswordView(snapshot: ForgotPasswordSnapshot): ForgotPasswordView {
  if (snapshot.matches('sent')) {
    return {
      titleKey: 'forgotPassword.sentTitle',
      form: null,
      sent: {
        sendAgain: buttonView(snapshot, { type: 'SEND_AGAIN' }, 'forgotPassword.sendAgain'),
        useAnotherEmail: buttonView(snapshot, { type: 'EDIT' }, 'forgotPassword.useAnotherEmail'),
      },
    };
  }
  return {
    titleKey: 'titles.forgotPassword',
    form: formView(snapshot, {
      change: { type: 'CHANGE', field: 'email', value: '' },
      submit: { type: 'SUBMIT' },
      idle: 'forgotPassword.submit',
      busy: 'forgotPassword.submitting',
    }),
    sent: null,
  };
}
