import type { SnapshotFrom } from 'xstate';
import { formView, type FormView } from './forms/form-view';
import type { signInMachine } from './sign-in.machine';

type SignInSnapshot = Pick<SnapshotFrom<typeof signInMachine>, 'can' | 'hasTag' | 'context'>;

/** /sign-in as its machine shows it (issue 24 item 6): the fields, "Sign in" / "Signing in…" and the refusal. */
export type SignInView = FormView<'signIn.submit' | 'signIn.submitting'>;

export const signInView = (snapshot: SignInSnapshot): SignInView =>
  formView(snapshot, {
    change: { type: 'CHANGE', field: 'email', value: '' },
    submit: { type: 'SUBMIT' },
    idle: 'signIn.submit',
    busy: 'signIn.submitting',
  });
