import type { SnapshotFrom } from 'xstate';
import { activeFilterCount } from './activity-search.view';
import type { transactionListMachine } from './transaction-list.machine';

type ListSnapshot = Pick<SnapshotFrom<typeof transactionListMachine>, 'matches' | 'can' | 'context'>;

/**
 * A transactions tab as the transaction-list machine shows it (issue 24 item 6), in `activity:` keys:
 * - `body`: the empty note (nothing at all, or nothing matching the search), one spinner before the first rows,
 *   else the list;
 * - `note`: the line under the list — loading more, the end of the list, or the failure with Retry (the machine
 *   takes RETRY); null otherwise (more to come as the list scrolls, or a live refresh under way).
 */
export interface TransactionListView {
  body: { kind: 'empty'; key: 'filters.noMatches' | 'list.empty' } | { kind: 'spinner' } | { kind: 'list' };
  note: { key: 'list.loadingMore' } | { key: 'list.end' } | { key: 'list.loadFailed'; retry: true } | null;
}

function noteOf(snapshot: ListSnapshot): TransactionListView['note'] {
  if (snapshot.matches('loading')) return { key: 'list.loadingMore' };
  if (snapshot.matches('end')) return { key: 'list.end' };
  if (snapshot.can({ type: 'RETRY' })) return { key: 'list.loadFailed', retry: true };
  return null;
}

export function transactionListView(snapshot: ListSnapshot): TransactionListView {
  const { items, filters } = snapshot.context;
  if (snapshot.matches('empty')) return { body: { kind: 'empty', key: activeFilterCount(filters) > 0 ? 'filters.noMatches' : 'list.empty' }, note: null };
  if (snapshot.matches('loading') && items.length === 0) return { body: { kind: 'spinner' }, note: null };
  return { body: { kind: 'list' }, note: noteOf(snapshot) };
}
