import type { SnapshotFrom } from 'xstate';
import type { recipientSearchMachine } from './recipient-search.machine';

type RecipientSearchSnapshot = Pick<SnapshotFrom<typeof recipientSearchMachine>, 'matches' | 'can' | 'context'>;

/**
 * The recipient field as the recipient-search machine shows it (issue 24 item 6): whether the suggestions are
 * listed, the status line under the field (`payments:` keys), and whether the search failed with Retry offered
 * (the machine takes RETRY). The field only renders this; the highlighted option stays the view's own.
 */
export interface RecipientSearchView {
  open: boolean;
  status: { key: 'search.searching' } | { key: 'search.nothingFound' } | { key: 'search.chosen'; name: string } | null;
  retry: boolean;
}

function statusOf(snapshot: RecipientSearchSnapshot): RecipientSearchView['status'] {
  const { selected } = snapshot.context;
  if (snapshot.matches('searching')) return { key: 'search.searching' };
  if (snapshot.matches('nothingFound')) return { key: 'search.nothingFound' };
  // A chosen person is named by their full name, else by their @username.
  if (snapshot.matches('chosen') && selected) return { key: 'search.chosen', name: selected.fullName ?? `@${selected.username}` };
  return null;
}

export function recipientSearchView(snapshot: RecipientSearchSnapshot): RecipientSearchView {
  return { open: snapshot.matches('suggestions'), status: statusOf(snapshot), retry: snapshot.can({ type: 'RETRY' }) };
}
