import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NO_FILTERS } from '../../../machines/activity-search.view';
import type { PaymentPage } from '../../../machines/activity/payment-types';
import { firstOfTwoPages, lastPage, noPayments } from '../../../machines/activity/samples';
import { transactionListMachine } from '../../../machines/transaction-list.machine';
import { transactionListView } from '../../../machines/transaction-list.view';
import { gate, settle } from '../../support/gate';

function start(filters = NO_FILTERS) {
  const pages: ReturnType<typeof gate<PaymentPage>>[] = [];
  const actor = createActor(
    transactionListMachine.provide({
      actors: {
        loadPage: fromPromise(() => {
          const page = gate<PaymentPage>();
          pages.push(page);
          return page.promise;
        }),
      },
    }),
    { input: { userId: 'u-ana', tab: null, filters } },
  ).start();
  return { actor, pages, view: () => transactionListView(actor.getSnapshot()) };
}

describe('a transactions tab as the transaction-list machine shows it (issue 24 item 6)', () => {
  it('a spinner before the first rows; then the list, loading more as it scrolls, and its end', async () => {
    const { actor, pages, view } = start();
    expect(view()).toEqual({ body: { kind: 'spinner' }, note: null });
    pages[0]!.open(firstOfTwoPages);
    await settle();
    // More to come: nothing under the list until it scrolls to the end.
    expect(view()).toEqual({ body: { kind: 'list' }, note: null });
    actor.send({ type: 'SENTINEL_VISIBLE' });
    expect(view()).toEqual({ body: { kind: 'list' }, note: { key: 'list.loadingMore' } });
    pages[1]!.open(lastPage);
    await settle();
    expect(view()).toEqual({ body: { kind: 'list' }, note: { key: 'list.end' } });
  });

  it('a page that failed: the failure with Retry under the rows, and loading again', async () => {
    const { actor, pages, view } = start();
    pages[0]!.open(firstOfTwoPages);
    await settle();
    actor.send({ type: 'SENTINEL_VISIBLE' });
    pages[1]!.fail(new Error('offline'));
    await settle();
    expect(view()).toEqual({ body: { kind: 'list' }, note: { key: 'list.loadFailed', retry: true } });
    actor.send({ type: 'RETRY' });
    expect(view().note).toEqual({ key: 'list.loadingMore' });
  });

  it('nothing at all says so; nothing matching a search says that instead', async () => {
    const plain = start();
    plain.pages[0]!.open(noPayments);
    await settle();
    expect(plain.view()).toEqual({ body: { kind: 'empty', key: 'list.empty' }, note: null });
    const searched = start({ ...NO_FILTERS, text: 'coffee' });
    searched.pages[0]!.open(noPayments);
    await settle();
    expect(searched.view()).toEqual({ body: { kind: 'empty', key: 'filters.noMatches' }, note: null });
  });
});
