import { activeFilterCount, NO_FILTERS } from './activity-search.view';
import * as activity from './activity/samples';
import { transactionListMachine } from './transaction-list.machine';
import { liveSamples, transferSample } from './live/live-updates';
import { entry } from './catalogue-entry';
import { resolves } from './catalogue-samples';

/** The flow atlas entry of `transaction-list` (listed in machines/flow-catalogue.ts; its fields: machines/catalogue-entry.ts). */
export default entry({
  machine: transactionListMachine,
  purpose: 'The activity list: tabs All, Pending, Complete, Pay and Request in ?tab=; one page at a time, the next when the sentinel shows; retry; empty state.',
  views: ['src/features/transactions/transactions-page.tsx'],
  operations: { loadPage: ['listPayments'], liveUpdates: ['streamEvents'] },
  tests: ['tests/unit/machines/activity-search-view.test.ts', 'tests/unit/machines/transaction-list-view.test.ts', 'tests/e2e/activity.spec.ts', 'tests/e2e/activity-search.spec.ts', 'tests/api/activity-pages.test.ts', 'tests/api/activity-search.test.ts'],
  fake: () => transactionListMachine.provide({ actors: { loadPage: resolves(activity.firstOfTwoPages) } }),
  inputs: {
    noTab: { userId: activity.ANA_ID, tab: null },
    pendingTab: { userId: activity.ANA_ID, tab: 'pending' },
    // A search in the address (issue 26 item 3).
    searched: { userId: activity.ANA_ID, tab: null, filters: { ...NO_FILTERS, text: 'coffee', min: '5' } },
  },
  events: {
    SELECT_TAB: [
      { type: 'SELECT_TAB', tab: 'all' },
      { type: 'SELECT_TAB', tab: 'request' },
    ],
    SENTINEL_VISIBLE: { type: 'SENTINEL_VISIBLE' },
    RETRY: { type: 'RETRY' },
    // Live updates (issue 23.4): the first page is read again and put on top.
    ...liveSamples(activity.myRequest.payment_id),
    ...transferSample(),
    SET_FILTERS: [
      { type: 'SET_FILTERS', filters: { ...NO_FILTERS, person: '@ann', from: '2026-10-01', to: '2026-10-31' } },
      // Refused: a two-letter note search, a minimum above the maximum.
      { type: 'SET_FILTERS', filters: { ...NO_FILTERS, text: 'co', min: '20', max: '5' } },
    ],
    CLEAR_FILTERS: { type: 'CLEAR_FILTERS' },
  },
  invokeResults: {
    loadPage: { done: [activity.firstOfTwoPages, activity.lastPage, activity.noPayments], error: [activity.offline] },
  },
  // Rows are counted, not compared: the paths differ by which pages arrived, and three pages is enough.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      tab: snapshot.context.tab,
      page: Math.min(snapshot.context.page, 3),
      more: snapshot.context.page < snapshot.context.totalPages,
      filters: activeFilterCount(snapshot.context.filters),
      refused: Object.keys(snapshot.context.filterErrors).length,
    }),
});
