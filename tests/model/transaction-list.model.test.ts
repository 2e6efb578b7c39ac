import { expect } from 'vitest';
import { catalogue } from '../../machines/catalogue';
import { ANA_ID } from '../../machines/activity/samples';
import { tabFilters, type TransactionTab, type transactionListMachine } from '../../machines/transaction-list.machine';
import { fromCatalogue } from '../support/catalogue-model';
import { describeModel, type StepContext } from '../support/model-based';

/** The tab the address bar was told about, as `?tab=` would show it. */
interface Fakes {
  urlTab: TransactionTab | null;
}
type Ctx = StepContext<typeof transactionListMachine, Fakes>;

/** Shown rows are exactly the pages that arrived, each payment once, in the server's order. */
function rowsAreUnique({ snapshot }: Ctx) {
  const ids = snapshot.context.items.map((p) => p.payment_id);
  expect(new Set(ids).size).toBe(ids.length);
}

/** A tab change empties the list and writes the address; nothing else touches `?tab=`. */
function tabIsSynced({ snapshot, step, event, actions, fakes }: Ctx) {
  if (step.startsWith('SELECT_TAB')) {
    expect(actions).toEqual(['writeTab']);
    expect(fakes.urlTab).toBe((event as unknown as { tab: TransactionTab }).tab);
  } else {
    expect(actions).toEqual([]);
  }
  if (fakes.urlTab !== null) expect(snapshot.context.tab).toBe(fakes.urlTab);
}

describeModel('transaction list machine (model-based)', {
  ...fromCatalogue(catalogue['transaction-list']),
  setup: () => {
    const fakes: Fakes = { urlTab: null };
    const machine = catalogue['transaction-list'].fake().provide({
      actions: { writeTab: (_, { tab }) => void (fakes.urlTab = tab) },
    });
    return { machine, fakes };
  },
  states: {
    // One page call at a time, for the next page of the current tab with that tab's filters.
    loading: (ctx) => {
      tabIsSynced(ctx);
      const { snapshot, running, input, step } = ctx;
      const { tab, page } = snapshot.context;
      expect(running).toEqual([expect.objectContaining({ src: 'loadPage', input: { userId: ANA_ID, tab, page: page + 1 } })]);
      if (step === 'init') expect(tab).toBe(input.tab ?? 'all');
      if (step.startsWith('SELECT_TAB')) expect([snapshot.context.items, page]).toEqual([[], 0]);
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
      expect(ctx.running).toEqual([]);
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
      expect(ctx.step).toBe('loadPage:error');
      expect(ctx.snapshot.can({ type: 'RETRY' })).toBe(true);
      expect(ctx.running).toEqual([]);
    },
  },
});
