import { assign, fromPromise, setup } from 'xstate';
import type { PaymentPage, PaymentView } from './activity/payment-types';
import { appendNewPayments } from './transaction-list-append';

/**
 * The activity list (spec 4 "Transaction list"): tabs All, Pending, Complete, Pay and Request, the active one
 * mirrored in `?tab=`; one page requested at a time, the next when the sentinel below the last row scrolls into
 * view; a failed page can be tried again without losing the rows already shown; an empty state when a tab has
 * no payments. Changing tab starts that tab from its first page (a page still loading for the old tab is
 * dropped: leaving `loading` stops its call).
 */
export const TRANSACTION_TABS = ['all', 'pending', 'complete', 'pay', 'request'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

export function isTransactionTab(value: unknown): value is TransactionTab {
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
}

export interface TransactionListContext {
  userId: string;
  tab: TransactionTab;
  items: PaymentView[];
  /** The last page loaded (0 before the first). */
  page: number;
  totalPages: number;
}

export type TransactionListEvent =
  | { type: 'SELECT_TAB'; tab: TransactionTab }
  | { type: 'SENTINEL_VISIBLE' }
  | { type: 'RETRY' };

export interface LoadPageInput {
  userId: string;
  tab: TransactionTab;
  page: number;
}

const fresh = { items: [], page: 0, totalPages: 0 } satisfies Partial<TransactionListContext>;

export const transactionListMachine = setup({
  types: {
    context: {} as TransactionListContext,
    events: {} as TransactionListEvent,
    input: {} as TransactionListInput,
  },
  actors: {
    loadPage: fromPromise<PaymentPage, LoadPageInput>(async () => {
      throw new Error('loadPage is provided by the host');
    }),
  },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'SELECT_TAB' && event.tab !== context.tab,
    isEmpty: ({ context }) => context.items.length === 0,
    hasMore: ({ context }) => context.page < context.totalPages,
  },
  actions: {
    selectTab: assign(({ event }) => (event.type === 'SELECT_TAB' ? { tab: event.tab, ...fresh } : {})),
    appendPage: assign(({ context, event }) => {
      const { output } = event as unknown as { output: PaymentPage };
      // A payment created while the user scrolls shifts older ones onto the next page: show each one once.
      return {
        items: appendNewPayments(context.items, output.results),
        page: context.page + 1,
        totalPages: output.totalPages,
      };
    }),
    // Host effect: keep `?tab=` in step (replacing the history entry, so Back leaves the page).
    writeTab: (_, _params: { tab: TransactionTab }) => {},
  },
}).createMachine({
  id: 'transactionList',
  context: ({ input }) => ({ userId: input.userId, tab: isTransactionTab(input.tab) ? input.tab : 'all', ...fresh }),
  initial: 'loading',
  on: {
    SELECT_TAB: {
      guard: 'isOtherTab',
      target: '.loading',
      actions: ['selectTab', { type: 'writeTab', params: ({ event }) => ({ tab: event.tab }) }],
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ userId: context.userId, tab: context.tab, page: context.page + 1 }),
        onDone: { target: 'loaded', actions: 'appendPage' },
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
    more: { on: { SENTINEL_VISIBLE: 'loading' } },
    end: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
