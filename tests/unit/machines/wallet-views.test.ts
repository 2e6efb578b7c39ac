import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addCardMachine } from '../../../machines/add-card.machine';
import { addCardView } from '../../../machines/add-card.view';
import { depositDetailsMachine } from '../../../machines/deposit-details.machine';
import { depositDetailsView } from '../../../machines/deposit-details.view';
import { addedCard, cardDeposit, goodCard, notFound, offline, TODAY } from '../../../machines/deposits/samples';
import type { Deposit } from '../../../machines/add-money.machine';
import type { PaymentCard } from '../../../machines/payments/funding';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { resourceOutcome } from '../../../machines/resource-view.view';
import { walletOverviewMachine, type WalletOverview } from '../../../machines/wallet-overview.machine';
import { walletOverviewView } from '../../../machines/wallet-overview.view';
import { gate, settle } from '../../support/gate';

describe('the deposit details as their machine shows them (issue 24 item 6)', () => {
  const start = (depositId: string | null, load: () => Promise<Deposit>) =>
    createActor(depositDetailsMachine.provide({ actors: { loadDeposit: fromPromise(load) } }), { input: { depositId } }).start();

  it('loading, then a deposit in flight: "being processed" while it is read again, gone once settled', async () => {
    const first = gate<Deposit>();
    const again = gate<Deposit>();
    let reads = 0;
    const actor = start('dep-1', () => (reads++ === 0 ? first.promise : again.promise));
    expect(depositDetailsView(actor.getSnapshot())).toEqual({ part: 'loading', beingProcessed: false, retry: false });
    first.open(cardDeposit('processing'));
    await settle();
    expect(depositDetailsView(actor.getSnapshot())).toEqual({ part: 'shown', beingProcessed: true, retry: false });
    actor.stop();
  });

  it('a settled deposit is shown without the notice', async () => {
    const actor = start('dep-1', async () => cardDeposit('complete'));
    await settle();
    expect(depositDetailsView(actor.getSnapshot())).toEqual({ part: 'shown', beingProcessed: false, retry: false });
  });

  it('no id, or an id the server does not know: not found, nothing to retry', async () => {
    expect(depositDetailsView(start(null, async () => cardDeposit('complete')).getSnapshot())).toEqual({ part: 'notFound', beingProcessed: false, retry: false });
    const unknown = start('dep-9', () => Promise.reject(notFound));
    await settle();
    expect(depositDetailsView(unknown.getSnapshot())).toEqual({ part: 'notFound', beingProcessed: false, retry: false });
  });

  it('a failed read offers Retry', async () => {
    const actor = start('dep-1', () => Promise.reject(offline));
    await settle();
    expect(depositDetailsView(actor.getSnapshot())).toEqual({ part: 'failed', beingProcessed: false, retry: true });
  });
});

describe('the wallet overview as its machine shows it (issue 24 item 6)', () => {
  const overview: WalletOverview = { wallet: { balance: '50.00', available: '50.00', held: '0.00' }, withdrawals: [], deposits: [] };

  it('the loading line on the first read only; a re-read keeps the figures without it', async () => {
    const reads = [gate<WalletOverview>(), gate<WalletOverview>()];
    let n = 0;
    const actor = createActor(walletOverviewMachine.provide({ actors: { loadOverview: fromPromise(() => reads[n++]!.promise) } })).start();
    expect(walletOverviewView(actor.getSnapshot())).toEqual({ notice: 'loading', retry: false });
    reads[0]!.open(overview);
    await settle();
    expect(walletOverviewView(actor.getSnapshot())).toEqual({ notice: null, retry: false });
    actor.send({ type: 'REFRESH' });
    expect(walletOverviewView(actor.getSnapshot())).toEqual({ notice: null, retry: false });
    actor.stop();
  });

  it('a failed read says so and offers Retry', async () => {
    const actor = createActor(walletOverviewMachine.provide({ actors: { loadOverview: fromPromise(() => Promise.reject(new Error('Failed to fetch'))) } })).start();
    await settle();
    expect(walletOverviewView(actor.getSnapshot())).toEqual({ notice: 'loadFailed', retry: true });
    actor.stop();
  });
});

describe('a read-only resource page: which panel shows (issue 24 item 6)', () => {
  const start = (load: () => Promise<unknown>) => createActor(resourceViewMachine.provide({ actors: { load: fromPromise(load) } })).start();

  it('none while it loads and once shown; not found on a 404; failed on anything else', async () => {
    const held = gate<unknown>();
    const shown = start(() => held.promise);
    expect(resourceOutcome(shown.getSnapshot())).toBe('other');
    held.open({ bankAccount: null });
    await settle();
    expect(resourceOutcome(shown.getSnapshot())).toBe('other');
    const missing = start(() => Promise.reject(notFound));
    const broken = start(() => Promise.reject(offline));
    await settle();
    expect(resourceOutcome(missing.getSnapshot())).toBe('notFound');
    expect(resourceOutcome(broken.getSnapshot())).toBe('failed');
  });
});

describe('the add-card form as its machine shows it (issue 24 item 6)', () => {
  it('Add card while editing; busy ("Adding…", disabled) while the processor checks the card and once it is added', async () => {
    const checked = gate<PaymentCard>();
    const actor = createActor(
      addCardMachine.provide({ actors: { addCard: fromPromise(() => checked.promise) }, actions: { focusFirstError: () => {}, notifyAdded: () => {} } }),
      { input: { today: TODAY, country: 'US' } },
    ).start();
    expect(addCardView(actor.getSnapshot())).toEqual({ busy: false });
    for (const [field, value] of Object.entries(goodCard)) actor.send({ type: 'CHANGE', field: field as keyof typeof goodCard, value });
    actor.send({ type: 'SUBMIT' });
    expect(addCardView(actor.getSnapshot())).toEqual({ busy: true });
    checked.open(addedCard);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(addCardView(actor.getSnapshot())).toEqual({ busy: true });
  });

  it('a refused card gives the button back', async () => {
    const actor = createActor(
      addCardMachine.provide({ actors: { addCard: fromPromise(() => Promise.reject(offline)) }, actions: { focusFirstError: () => {}, notifyAdded: () => {} } }),
      { input: { today: TODAY, country: 'US' } },
    ).start();
    for (const [field, value] of Object.entries(goodCard)) actor.send({ type: 'CHANGE', field: field as keyof typeof goodCard, value });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(addCardView(actor.getSnapshot())).toEqual({ busy: false });
  });
});
