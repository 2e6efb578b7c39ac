import { assign, setup } from 'xstate';
import type { PaymentPage, PaymentView } from './activity/payment-types';
import { appendNewPayments, refreshFirstPage } from './transaction-list-append';
import { liveUpdatesPlaceholder, type LiveEvent } from './live/live-updates';
import { filterErrors, hasErrors, NO_FILTERS, normalizeFilters, sameFilters, type ActivityFilters, type FilterErrors } from './activity-search.view';
import { hostActor } from './forms/host-actor';

/**
 * The activity list (spec 4 "Transaction list"): tabs All, Pending, Complete, Pay and Request, the active one
 * mirrored in `?tab=`; one page requested at a time, the next when the sentinel below the last row scrolls into
 * view; a failed page can be tried again without losing the rows already shown; an empty state when a tab has
 * no payments. Changing tab starts that tab from its first page (a page still loading for the old tab is
 * dropped: leaving `loading` stops its call). Live (issue 23.4): a payment change or a reset of the stream, once a
 * page is shown, reads the first page again and puts it on top in place (`refreshing`).
 */
export const TRANSACTION_TABS = ['all', 'pending', 'complete', 'pay', 'request'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

function isTransactionTab(value: unknown): value is TransactionTab {
  return typeof value === 'string' && (TRANSACTION_TABS as readonly string[]).includes(value);
}

/** The list call's filters for a tab (openapi.yaml `listPayments`). */
export function tabFilters(tab: TransactionTab): { status: 'all' | 'pending' | 'complete'; type: 'all' | 'pay' | 'request' } {
  switch (tab) {
    case 'pending':
    case 'complete':
      return { status: tab, type: 'all' };
    case 'pay':
    case 'request':
      return { status: 'all', type: tab };
    default:
      return { status: 'all', type: 'all' };
  }
}

export interface TransactionListInput {
  userId: string;
  /** From `?tab=`; anything else is the first tab. */
  tab: string | null;
  /** The search (issue 26 item 3) from the address (`?person=&q=&min=&max=&from=&to=`); none: the whole list. */
  filters?: ActivityFilters;
}

export interface TransactionListContext {
  userId: string;
  tab: TransactionTab;
  /** The search the list shows (valid filters only; the tab is the status). */
  filters: ActivityFilters;
  /** Why the last search asked for was refused, field by field (the list stays as it was). */
  filterErrors: FilterErrors;
  items: PaymentView[];
  /** The last page loaded (0 before the first). */
  page: number;
  totalPages: number;
}

export type TransactionListEvent =
  | { type: 'SELECT_TAB'; tab: TransactionTab }
  | { type: 'SENTINEL_VISIBLE' }
  | { type: 'RETRY' }
  | LiveEvent
  | { type: 'SET_FILTERS'; filters: ActivityFilters }
  | { type: 'CLEAR_FILTERS' };

export interface LoadPageInput {
  userId: string;
  tab: TransactionTab;
  page: number;
  filters: ActivityFilters;
}

const fresh = { items: [], page: 0, totalPages: 0 } satisfies Partial<TransactionListContext>;

export const transactionListMachine = setup({
  types: {
    context: {} as TransactionListContext,
    events: {} as TransactionListEvent,
    input: {} as TransactionListInput,
  },
  actors: {
    loadPage: hostActor<PaymentPage, LoadPageInput>('loadPage'),
    liveUpdates: liveUpdatesPlaceholder,
  },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'SELECT_TAB' && event.tab !== context.tab,
    isEmpty: ({ context }) => context.items.length === 0,
    filtersRefused: ({ event }) => event.type === 'SET_FILTERS' && hasErrors(filterErrors(event.filters)),
    isOtherSearch: ({ context, event }) =>
      (event.type === 'SET_FILTERS' && !sameFilters(event.filters, context.filters)) ||
      (event.type === 'CLEAR_FILTERS' && !sameFilters(NO_FILTERS, context.filters)),
    hasMore: ({ context }) => context.page < context.totalPages,
  },
  actions: {
    selectTab: assign(({ event }) => (event.type === 'SELECT_TAB' ? { tab: event.tab, ...fresh } : {})),
    refuseFilters: assign(({ event }) => (event.type === 'SET_FILTERS' ? { filterErrors: filterErrors(event.filters) } : {})),
    forgetFilterErrors: assign({ filterErrors: {} }),
    setFilters: assign(({ event }) => ({
      filters: event.type === 'SET_FILTERS' ? normalizeFilters(event.filters) : NO_FILTERS,
      filterErrors: {},
      ...fresh,
    })),
    appendPage: assign(({ context }, output: PaymentPage) => {
      // A payment created while the user scrolls shifts older ones onto the next page: show each one once.
      return {
        items: appendNewPayments(context.items, output.results),
        page: context.page + 1,
        totalPages: output.totalPages,
      };
    }),
    refreshFirst: assign(({ context }, output: PaymentPage) => ({
      items: refreshFirstPage(context.items, output.results),
      page: Math.max(context.page, 1),
      totalPages: output.totalPages,
    })),
    // Host effect: keep `?tab=` in step (replacing the history entry, so Back leaves the page).
    writeTab: (_, _params: { tab: TransactionTab }) => {},
    // Host effect: keep the filters' query parameters in step (a new history entry: Back returns to the last search).
    writeFilters: (_, _params: { filters: ActivityFilters }) => {},
  },
}).createMachine({
  id: 'transactionList',
  context: ({ input }) => {
    // Filters from the address that the form would refuse are dropped: the list shows what it can answer.
    const filters = input.filters && !hasErrors(filterErrors(input.filters)) ? normalizeFilters(input.filters) : NO_FILTERS;
    return { userId: input.userId, tab: isTransactionTab(input.tab) ? input.tab : 'all', filters, filterErrors: {}, ...fresh };
  },
  initial: 'loading',
  invoke: { src: 'liveUpdates', input: ({ context }) => ({ userId: context.userId }) },
  on: {
    SELECT_TAB: {
      guard: 'isOtherTab',
      target: '.loading',
      actions: ['selectTab', { type: 'writeTab', params: ({ event }) => ({ tab: event.tab }) }],
    },
    SET_FILTERS: [
      { guard: 'filtersRefused', actions: 'refuseFilters' },
      {
        guard: 'isOtherSearch',
        target: '.loading',
        actions: ['setFilters', { type: 'writeFilters', params: ({ context }) => ({ filters: context.filters }) }],
      },
      { actions: 'forgetFilterErrors' },
    ],
    CLEAR_FILTERS: [
      {
        guard: 'isOtherSearch',
        target: '.loading',
        actions: ['setFilters', { type: 'writeFilters', params: ({ context }) => ({ filters: context.filters }) }],
      },
      { actions: 'forgetFilterErrors' },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ userId: context.userId, tab: context.tab, page: context.page + 1, filters: context.filters }),
        onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {
      always: [
        { guard: 'isEmpty', target: 'empty' },
        { guard: 'hasMore', target: 'more' },
        { target: 'end' },
      ],
    },
    more: { on: { SENTINEL_VISIBLE: 'loading', LIVE_PAYMENT: 'refreshing', LIVE_TRANSFER: 'refreshing', LIVE_RESET: 'refreshing' } },
    end: { on: { LIVE_PAYMENT: 'refreshing', LIVE_TRANSFER: 'refreshing', LIVE_RESET: 'refreshing' } },
    empty: { on: { LIVE_PAYMENT: 'refreshing', LIVE_TRANSFER: 'refreshing', LIVE_RESET: 'refreshing' } },
    refreshing: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ userId: context.userId, tab: context.tab, page: 1, filters: context.filters }),
        onDone: { target: 'loaded', actions: { type: 'refreshFirst', params: ({ event }) => event.output } },
        // The rows shown stay; the next change tries again.
        onError: 'loaded',
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
