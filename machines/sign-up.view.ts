import type { SnapshotFrom } from 'xstate';
import { formView, type FormView } from './forms/form-view';
import type { signUpMachine } from './sign-up.machine';

type SignUpSnapshot = Pick<SnapshotFrom<typeof signUpMachine>, 'can' | 'hasTag' | 'context'>;

/** /sign-up as its machine shows it (issue 24 item 6): the fields, "Create account" / its working words, the refusal. */
export type SignUpView = FormView<'signUp.submit' | 'signUp.submitting'>;

export const signUpView = (snapshot: SignUpSnapshot): SignUpView =>
  formView(snapshot, {
    change: { type: 'CHANGE', field: 'email', value: '' },
    submit: { type: 'SUBMIT' },
    idle: 'signUp.submit',
    busy: 'signUp.submitting',
  });
