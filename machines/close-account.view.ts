import type { SnapshotFrom } from 'xstate';
import type { FormMessage } from './forms/field-errors';
import { buttonView, type ButtonView } from './forms/form-view';
import type { closeAccountMachine } from './close-account.machine';

type CloseAccountSnapshot = Pick<SnapshotFrom<typeof closeAccountMachine>, 'can' | 'hasTag' | 'context' | 'matches'>;

/**
 * The close-account section (/settings) as its machine shows it (issue 24 item 6): the server's reason for the last
 * refusal, the Close button ("Closing…" while the call runs and until the session ends), and the password dialog —
 * open while asked and while the close it started runs, its buttons waiting then.
 */
export interface CloseAccountView {
  message: FormMessage | null;
  close: ButtonView<'close.button' | 'close.closing'>;
  dialog: { open: boolean; busy: boolean; error: FormMessage | null };
}

export function closeAccountView(snapshot: CloseAccountSnapshot): CloseAccountView {
  const closing = snapshot.matches('closing');
  const asking = snapshot.matches('confirming');
  const close = buttonView(snapshot, { type: 'CLOSE' }, 'close.button', 'close.closing');
  return {
    message: snapshot.context.message,
    // Close opened the dialog that covers it: it stays enabled while the dialog asks, so the dialog can give focus
    // back to it on Cancel (a disabled button loses focus, and the dialog would return it to the page).
    close: { ...close, enabled: close.enabled || asking },
    dialog: { open: closing || asking, busy: closing, error: snapshot.context.passwordError },
  };
}
