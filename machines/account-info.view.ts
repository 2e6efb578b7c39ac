import type { FormMessage } from './forms/field-errors';
import { needsPassword, type AccountInfoContext } from './account-info.machine';

/**
 * What /account-info shows and allows, from the machine's state alone (the view renders this, nothing else):
 * which part (loading, the failed read, the form), the password dialog (open while asked and while the save it
 * started is under way), the save button, and the pending-email panel with its code boxes.
 */
export interface AccountInfoView {
  /** The page's part: the spinner while the account is read, the failed read with its Retry, or the form. */
  part: 'loading' | 'loadFailed' | 'form';
  passwordDialog: { open: boolean; busy: boolean; error: FormMessage | null };
  saving: boolean;
  pendingEmail: {
    email: string;
    /** The email the account has until the new one is verified. */
    currentEmail: string;
    digits: string[];
    error: FormMessage | null;
    resent: boolean;
    verifying: boolean;
    resending: boolean;
  } | null;
}

/** `snapshot`: the machine's (its states are flat, so `value` is the state's name). */
export function accountInfoView(snapshot: { value: unknown; context: AccountInfoContext }): AccountInfoView {
  const { context, value } = snapshot;
  const saving = value === 'saving';
  // A save that asked for the password keeps the dialog up until the answer: a wrong password lands back in it.
  const savingWithPassword = saving && needsPassword(context.values, context.stored);
  const verifying = value === 'verifyingCode';
  const resending = value === 'resendingCode';
  const part: AccountInfoView['part'] = value === 'loading' ? 'loading' : value === 'loadFailed' ? 'loadFailed' : 'form';
  return {
    part,
    passwordDialog: { open: value === 'confirmingPassword' || savingWithPassword, busy: savingWithPassword, error: context.passwordError },
    saving,
    pendingEmail:
      context.pendingEmail === null
        ? null
        : { email: context.pendingEmail, currentEmail: context.stored.email, digits: context.digits, error: context.codeError, resent: context.resent, verifying, resending },
  };
}
