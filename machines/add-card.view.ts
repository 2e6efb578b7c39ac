import type { SnapshotFrom } from 'xstate';
import type { addCardMachine } from './add-card.machine';

type AddCardSnapshot = Pick<SnapshotFrom<typeof addCardMachine>, 'can'>;

/**
 * The add-card form as its machine shows it (issue 24 item 6): busy — the submit button disabled and saying
 * "Adding…" — whenever the machine would not take SUBMIT, that is while the processor checks the card and once it is
 * added (the page is left from there). The form renders this.
 */
export function addCardView(snapshot: AddCardSnapshot): { busy: boolean } {
  return { busy: !snapshot.can({ type: 'SUBMIT' }) };
}
