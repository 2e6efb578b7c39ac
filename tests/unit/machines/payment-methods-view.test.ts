import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { paymentMethodsMachine } from '../../../machines/payment-methods.machine';
import { paymentMethodsView } from '../../../machines/payment-methods.view';
import type { PaymentCard } from '../../../machines/payments/funding';
import { gate, settle } from '../../support/gate';

const visa: PaymentCard = { id: 'card-1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const mastercard: PaymentCard = { id: 'card-2', brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2029 };

function start(load: () => Promise<PaymentCard[]>, remove: () => Promise<void>) {
  return createActor(paymentMethodsMachine.provide({ actors: { loadCards: fromPromise(load), removeCard: fromPromise(remove) } })).start();
}

describe('the payment-methods page as its machine shows it (issue 24 item 6)', () => {
  it('"Loading…" while the cards are read; a failed read offers "Try again" and no list', async () => {
    const read = gate<PaymentCard[]>();
    const actor = start(() => read.promise, () => new Promise(() => {}));
    expect(paymentMethodsView(actor.getSnapshot())).toEqual({
      loading: true,
      retry: false,
      cards: null,
      removing: false,
      dialog: { open: false, card: null },
    });
    read.fail(new Error('Failed to fetch'));
    await settle();
    expect(paymentMethodsView(actor.getSnapshot())).toEqual({
      loading: false,
      retry: true,
      cards: null,
      removing: false,
      dialog: { open: false, card: null },
    });
  });

  it('no card yet: an empty list', async () => {
    const actor = start(async () => [], () => new Promise(() => {}));
    await settle();
    expect(paymentMethodsView(actor.getSnapshot()).cards).toEqual([]);
  });

  it('Remove asks first (each Remove stays enabled under the dialog, for the focus to come back); none while the card goes', async () => {
    const removed = gate<void>();
    const actor = start(async () => [visa, mastercard], () => removed.promise);
    await settle();
    const view = () => paymentMethodsView(actor.getSnapshot());
    expect(view().cards).toEqual([
      { card: visa, remove: true },
      { card: mastercard, remove: true },
    ]);

    actor.send({ type: 'REMOVE', cardId: 'card-2' });
    expect(view()).toEqual({
      loading: false,
      retry: false,
      cards: [
        { card: visa, remove: true },
        { card: mastercard, remove: true },
      ],
      removing: false,
      dialog: { open: true, card: mastercard },
    });

    actor.send({ type: 'CONFIRM' });
    // The dialog closes; the card stays named in it while it does.
    expect(view()).toMatchObject({ removing: true, dialog: { open: false, card: mastercard } });
    expect(view().cards).toEqual([
      { card: visa, remove: false },
      { card: mastercard, remove: false },
    ]);

    removed.open();
    await settle();
    expect(view()).toEqual({
      loading: false,
      retry: false,
      cards: [{ card: visa, remove: true }],
      removing: false,
      dialog: { open: false, card: null },
    });
  });

  it('No closes the question and every Remove is back', async () => {
    const actor = start(async () => [visa], () => new Promise(() => {}));
    await settle();
    actor.send({ type: 'REMOVE', cardId: 'card-1' });
    actor.send({ type: 'CANCEL' });
    expect(paymentMethodsView(actor.getSnapshot())).toEqual({
      loading: false,
      retry: false,
      cards: [{ card: visa, remove: true }],
      removing: false,
      dialog: { open: false, card: null },
    });
  });
});
