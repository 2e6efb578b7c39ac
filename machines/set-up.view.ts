import type { SnapshotFrom } from 'xstate';
import type { ButtonView } from './forms/form-view';
import type { setUpMachine } from './set-up.machine';

type SetUpSnapshot = Pick<SnapshotFrom<typeof setUpMachine>, 'can'>;

/**
 * /set-up's button as its machine shows it (issue 24 item 6): "Continue" while the machine takes SUBMIT; once sent,
 * disabled with its working words until the page is left (saving, reading a purchase to resume, going on).
 */
export function setUpView(snapshot: SetUpSnapshot): { submit: ButtonView<'setUp.submit' | 'setUp.submitting'> } {
  const enabled = snapshot.can({ type: 'SUBMIT' });
  return { submit: { enabled, labelKey: enabled ? 'setUp.submit' : 'setUp.submitting' } };
}
