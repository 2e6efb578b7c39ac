import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  activeFilterCount,
  filterErrors,
  filtersFromParams,
  NO_FILTERS,
  searchParams,
  startOfDay,
  withFilters,
} from '../../../machines/activity-search.view';
import type { PaymentPage } from '../../../machines/activity/payment-types';
import { transactionListMachine, type LoadPageInput } from '../../../machines/transaction-list.machine';

describe('activity search view-model (issue 26 item 3)', () => {
  it('reads the filters from the address and writes them back beside the tab, empty ones removed', () => {
    const params = new URLSearchParams('tab=pending&person=%40ana&q=coffee&min=5&from=2026-10-01');
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ person: '@ana', text: 'coffee', min: '5', max: '', from: '2026-10-01', to: '' });
    expect(activeFilterCount(filters)).toBe(4);
    const written = withFilters(params, { ...filters, text: '', max: '20' });
    expect(written.toString()).toBe('tab=pending&person=%40ana&min=5&from=2026-10-01&max=20');
    expect(withFilters(written, NO_FILTERS).toString()).toBe('tab=pending');
  });

  it('refuses what the server could not answer, field by field', () => {
    expect(filterErrors(NO_FILTERS)).toEqual({});
    expect(filterErrors({ ...NO_FILTERS, person: 'ana smith', text: 'co', min: 'ten', max: '1.234' })).toEqual({
      person: 'person',
      text: 'textShort',
      min: 'amount',
      max: 'amount',
    });
    expect(filterErrors({ ...NO_FILTERS, min: '20', max: '5' })).toEqual({ max: 'amountOrder' });
    expect(filterErrors({ ...NO_FILTERS, from: '2026-10-31', to: '2026-10-01' })).toEqual({ to: 'dateOrder' });
    expect(filterErrors({ ...NO_FILTERS, from: '31/10/2026' })).toEqual({ from: 'date' });
    expect(filterErrors({ ...NO_FILTERS, person: '@Ana.B_1', text: ' cof ', min: '5', max: '5', from: '2026-10-01', to: '2026-10-01' })).toEqual({});
  });

  it('turns days in the user’s zone into the API’s instants, the end day inclusive', () => {
    expect(startOfDay('2026-10-01', 'UTC').toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(startOfDay('2026-10-01', 'America/Sao_Paulo').toISOString()).toBe('2026-10-01T03:00:00.000Z');
    expect(startOfDay('2026-10-01', 'Asia/Tokyo').toISOString()).toBe('2026-09-30T15:00:00.000Z');
    // Across New York's change to winter time (1 November 2026): midnight before and after it.
    expect(startOfDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay('2026-11-01', 'America/New_York', 1).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(
      searchParams({ person: '@ana', text: ' coffee ', min: '5', max: '12.5', from: '2026-10-01', to: '2026-10-31' }, 'America/Sao_Paulo'),
    ).toEqual({
      person: '@ana',
      q: 'coffee',
      minAmount: '5.00',
      maxAmount: '12.50',
      from: '2026-10-01T03:00:00.000Z',
      to: '2026-11-01T03:00:00.000Z',
    });
    expect(searchParams(NO_FILTERS, 'UTC')).toEqual({});
  });
});

describe('transaction list machine with a search', () => {
  it('asks for the first page of a new search, writes it to the address, and keeps the list for a refused one', async () => {
    const asked: LoadPageInput[] = [];
    const written: unknown[] = [];
    const machine = transactionListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: LoadPageInput }) => (asked.push(input), { totalPages: 0, results: [] } as PaymentPage)),
      },
      actions: { writeFilters: (_, { filters }) => void written.push(filters) },
    });
    const actor = createActor(machine, { input: { userId: 'u-1', tab: null, filters: { ...NO_FILTERS, text: 'co' } } }).start();
    // A search from the address the server could not answer is not asked for.
    expect(actor.getSnapshot().context.filters).toEqual(NO_FILTERS);
    await waitFor(actor, (s) => s.matches('empty'));
    actor.send({ type: 'SET_FILTERS', filters: { ...NO_FILTERS, person: 'ana', min: '5' } });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(asked.at(-1)).toEqual({ userId: 'u-1', tab: 'all', page: 1, filters: { ...NO_FILTERS, person: 'ana', min: '5' } });
    expect(written).toEqual([{ ...NO_FILTERS, person: 'ana', min: '5' }]);
    actor.send({ type: 'SET_FILTERS', filters: { ...NO_FILTERS, text: 'co' } });
    expect(actor.getSnapshot().context.filterErrors).toEqual({ text: 'textShort' });
    expect(asked).toHaveLength(2);
    actor.send({ type: 'CLEAR_FILTERS' });
    await waitFor(actor, (s) => s.matches('empty'));
    expect(asked.at(-1)?.filters).toEqual(NO_FILTERS);
    expect(actor.getSnapshot().context.filterErrors).toEqual({});
    expect(written.at(-1)).toEqual(NO_FILTERS);
  });
});
