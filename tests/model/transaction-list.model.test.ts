import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { ANA_ID } from '../../machines/activity/samples';
import type { ActivityFilters } from '../../machines/activity-search.view';
import { tabFilters, type TransactionTab, type transactionListMachine } from '../../machines/transaction-list.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** The tab the address bar was told about, as `?tab=` would show it. */
interface Fakes {
  urlTab: TransactionTab | null;
  /** The search the address bar was told about. */
  urlFilters: ActivityFilters | null;
}
type Ctx = StepContext<typeof transactionListMachine, Fakes>;

// Expectations written out, never computed by the view-model or the machine module (issue 24 item 9).
const NO_FILTERS = { person: '', text: '', min: '', max: '', from: '', to: '' };
/**
 * The searches the server can answer among the samples: none, the `searched` input's, and SET_FILTERS[0]'s. The
 * other sample (a two-letter note, a minimum above the maximum) is refused and never reaches the list.
 */
const ACCEPTED_SEARCHES = [
  NO_FILTERS,
  { ...NO_FILTERS, text: 'coffee', min: '5' },
  { ...NO_FILTERS, person: '@ann', from: '2026-10-01', to: '2026-10-31' },
];

/** Shown rows are exactly the pages that arrived, each payment once, in the server's order. */
function rowsAreUnique({ snapshot }: Ctx) {
  const ids = snapshot.context.items.map((p) => p.payment_id);
  expect(new Set(ids).size).toBe(ids.length);
}

/** The calls running besides the live updates, which follow the user's changes all along (issue 23.4). */
function callsOf({ running }: Ctx) {
  expect(running).toContainEqual(expect.objectContaining({ src: 'liveUpdates', input: { userId: ANA_ID } }));
  return running.filter((r) => r.src !== 'liveUpdates');
}

/**
 * A tab change empties the list and writes the address; a new search (issue 26) does the same with its filters; a
 * refused one writes nothing and keeps the list; nothing else touches the address.
 */
function tabIsSynced({ snapshot, step, event, actions, fakes }: Ctx) {
  if (step.startsWith('SELECT_TAB')) {
    expect(actions).toEqual(['writeTab']);
    expect(fakes.urlTab).toBe((event as unknown as { tab: TransactionTab }).tab);
  } else if (step.startsWith('SET_FILTERS') || step.startsWith('CLEAR_FILTERS')) {
    expect(['[]', '["writeFilters"]']).toContain(JSON.stringify(actions));
    if (actions.length) expect(fakes.urlFilters).toEqual(snapshot.context.filters);
  } else {
    expect(actions).toEqual([]);
  }
  if (fakes.urlTab !== null) expect(snapshot.context.tab).toBe(fakes.urlTab);
  if (fakes.urlFilters !== null) expect(snapshot.context.filters).toEqual(fakes.urlFilters);
  // The list only ever shows a search the server can answer.
  expect(ACCEPTED_SEARCHES).toContainEqual(snapshot.context.filters);
  if (step === 'CLEAR_FILTERS') expect(snapshot.context.filters).toEqual(NO_FILTERS);
  // The refused sample: the note too short (spec §5: 3 characters at least), the minimum above the maximum.
  if (step === 'SET_FILTERS[1]') expect(snapshot.context.filterErrors).toEqual({ text: 'textShort', max: 'amountOrder' });
}

describeModel('transaction list machine (model-based)', {
  ...fromCatalogue(catalogue['transaction-list']),
  setup: () => {
    const fakes: Fakes = { urlTab: null, urlFilters: null };
    const machine = catalogue['transaction-list'].fake().provide({
      actions: { writeTab: (_, { tab }) => void (fakes.urlTab = tab), writeFilters: (_, { filters }) => void (fakes.urlFilters = filters) },
    });
    return { machine, fakes };
  },
  states: {
    // One page call at a time, for the next page of the current tab with that tab's filters.
    loading: (ctx) => {
      tabIsSynced(ctx);
      const { snapshot, input, step } = ctx;
      const { tab, page, filters } = snapshot.context;
      expect(callsOf(ctx)).toEqual([expect.objectContaining({ src: 'loadPage', input: { userId: ANA_ID, tab, page: page + 1, filters } })]);
      if (step === 'init') expect(tab).toBe(input.tab ?? 'all');
      if (step === 'init') expect(filters).toEqual(input.filters ?? NO_FILTERS);
      if (step.startsWith('SELECT_TAB') || ctx.actions.includes('writeFilters')) expect([snapshot.context.items, page]).toEqual([[], 0]);
      expect(tabFilters(tab)).toEqual(
        { all: { status: 'all', type: 'all' }, pending: { status: 'pending', type: 'all' }, complete: { status: 'complete', type: 'all' }, pay: { status: 'all', type: 'pay' }, request: { status: 'all', type: 'request' } }[tab],
      );
    },
    // Rows shown and more pages on the server: the sentinel asks for the next one.
    more: (ctx) => {
      tabIsSynced(ctx);
      rowsAreUnique(ctx);
      const { items, page, totalPages } = ctx.snapshot.context;
      expect(items.length).toBeGreaterThan(0);
      expect(page).toBeLessThan(totalPages);
      expect(callsOf(ctx)).toEqual([]);
    },
    // Every page shown: the sentinel asks for nothing.
    end: (ctx) => {
      tabIsSynced(ctx);
      rowsAreUnique(ctx);
      const { items, page, totalPages } = ctx.snapshot.context;
      expect(items.length).toBeGreaterThan(0);
      expect(page).toBeGreaterThanOrEqual(totalPages);
      expect(ctx.snapshot.can({ type: 'SENTINEL_VISIBLE' })).toBe(false);
    },
    // No payment in this tab: the empty-state text.
    empty: (ctx) => {
      tabIsSynced(ctx);
      expect(ctx.snapshot.context.items).toEqual([]);
      expect(ctx.snapshot.can({ type: 'SENTINEL_VISIBLE' })).toBe(false);
    },
    // A page failed: the rows already shown stay, Retry asks for the same page again.
    failed: (ctx) => {
      tabIsSynced(ctx);
      rowsAreUnique(ctx);
      // …or a search that changed nothing (refused, or the one shown) left the failure on screen.
      expect(ctx.step).toMatch(/^(loadPage:error|SET_FILTERS|CLEAR_FILTERS)/);
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
      expect(callsOf(ctx)).toEqual([]);
    },
    // A live change (any payment of the user's) or a reset: the first page is read again, the rows stay meanwhile.
    refreshing: (ctx) => {
      tabIsSynced(ctx);
      rowsAreUnique(ctx);
      // …or a search that changed nothing (refused, or the one being read) left the read running.
      expect(ctx.step).toMatch(/^(LIVE_PAYMENT\[[01]\]|LIVE_TRANSFER|LIVE_RESET|SET_FILTERS|CLEAR_FILTERS)/);
      if (!ctx.step.startsWith('LIVE')) expect(ctx.actions).toEqual([]);
      const { tab, filters } = ctx.snapshot.context;
      expect(callsOf(ctx)).toEqual([expect.objectContaining({ src: 'loadPage', input: { userId: ANA_ID, tab, page: 1, filters } })]);
    },
  },
});
