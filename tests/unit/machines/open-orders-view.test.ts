import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { pricePointToMe, sampleMessage } from '../../../machines/activity/samples';
import { createActor, fromPromise } from 'xstate';
import {
  briefOf,
  changesOpenOrders,
  openOrderRows,
  openOrdersScreen,
  ordersCard,
  releaseCents,
  waitingOrdersCard,
  type OpenOrders,
} from '../../../machines/payments/open-orders.view';
import { apiFailure } from '../../../machines/forms/api-failure';
import { resourceViewMachine } from '../../../machines/resource-view.machine';
import { gate, settle } from '../../support/gate';

const UTC = { lang: 'en', timeZone: 'UTC' };
const NOW = Date.parse('2025-01-03T12:00:00.000Z');

/** Bo bought Ana's pet portrait with a brief; a second order is due a day later. */
const portrait: PaymentView = {
  ...pricePointToMe,
  amount: '25.00',
  description: 'A pet portrait',
  sender_photo: '/api/media/avatar/bo?k=1',
  messages: [{ ...sampleMessage, payment_id: pricePointToMe.payment_id, message: 'My dog Biscuit, a corgi', message_sender_user_id: pricePointToMe.sender_user_id }],
};
const later: PaymentView = { ...pricePointToMe, payment_id: '10000000-0000-4000-8000-000000000099', media_type: 'video', hold_expires_at: '2025-01-06T12:00:00.000Z', messages: [] };
const two: OpenOrders = { count: 2, results: [portrait, later] };

describe('the creator’s open orders (issue 23 item 3)', () => {
  it('home’s card: the count and the nearest deadline, only when something waits', () => {
    expect(ordersCard(two, UTC)).toEqual({ count: 2, nextDue: 'Sun, Jan 5, 12:00 PM' });
    expect(ordersCard({ count: 2, results: [later, portrait] }, UTC)!.nextDue).toBe('Sun, Jan 5, 12:00 PM');
    expect(ordersCard({ count: 0, results: [] }, UTC)).toBeNull();
    expect(ordersCard(null, UTC)).toBeNull();
    expect(ordersCard(two, { lang: 'pt', timeZone: 'UTC' })!.nextDue).toBe('dom., 5 de jan., 12:00');
  });

  it('the list: fan, item, brief, amount held and time left, in the server’s order', () => {
    expect(openOrderRows(two, NOW, UTC)).toEqual([
      {
        paymentId: portrait.payment_id,
        fan: 'bo',
        fanPhoto: '/api/media/avatar/bo?k=1',
        item: 'A pet portrait',
        brief: 'My dog Biscuit, a corgi',
        media: 'photo',
        amountCents: 25_00,
        deadline: 'Sun, Jan 5, 12:00 PM',
        left: '2 days',
      },
      expect.objectContaining({ paymentId: later.payment_id, brief: null, media: 'video', amountCents: 20_00, left: '3 days' }),
    ]);
    expect(openOrderRows(two, NOW, { lang: 'es', timeZone: 'UTC' })[0]!.left).toBe('2 días');
    // Past the deadline (before the refund job ran): no time left, never a negative one.
    expect(openOrderRows(two, Date.parse('2025-01-05T12:00:01.000Z'), UTC)[0]!.left).toBeNull();
    expect(openOrderRows(null, NOW, UTC)).toEqual([]);
  });

  it('the brief is the payer’s first message, not the creator’s reply', () => {
    const creatorFirst = { ...portrait, messages: [{ ...sampleMessage, message: 'Thanks!', message_sender_user_id: portrait.receiver_user_id }, ...portrait.messages] };
    expect(briefOf(creatorFirst)).toBe('My dog Biscuit, a corgi');
    expect(briefOf({ ...portrait, messages: [] })).toBeNull();
  });

  it('sending releases the whole amount to the creator (the payer’s fee is not theirs)', () => {
    expect(releaseCents({ ...portrait, amount: '25.00' })).toBe(25_00);
  });
});

describe('the open orders as the resource-view machine shows them (issue 24 item 6)', () => {
  function start() {
    const reads: ReturnType<typeof gate<unknown>>[] = [];
    const actor = createActor(
      resourceViewMachine.provide({
        actors: {
          load: fromPromise(() => {
            const read = gate<unknown>();
            reads.push(read);
            return read.promise;
          }),
        },
      }),
    ).start();
    return { actor, reads };
  }

  it('the page: loading, then the rows; nothing waiting says so', async () => {
    const { actor, reads } = start();
    expect(openOrdersScreen(actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'loading' });
    reads[0]!.open(two);
    await settle();
    const screen = openOrdersScreen(actor.getSnapshot(), NOW, UTC);
    expect(screen.kind === 'rows' ? screen.rows.map((r) => [r.fan, r.deadline]) : screen).toEqual([
      ['bo', 'Sun, Jan 5, 12:00 PM'],
      ['bo', 'Mon, Jan 6, 12:00 PM'],
    ]);
    const none = start();
    none.reads[0]!.open({ count: 0, results: [] });
    await settle();
    expect(openOrdersScreen(none.actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'empty' });
  });

  it('the page: a failed read offers Retry, which reads again', async () => {
    const { actor, reads } = start();
    reads[0]!.fail(new Error('offline'));
    await settle();
    expect(openOrdersScreen(actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'failed' });
    actor.send({ type: 'RETRY' });
    expect(openOrdersScreen(actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'loading' });
    // The server not finding the creator's orders reads the same as a failure.
    const missing = start();
    missing.reads[0]!.fail(apiFailure(404, { code: 'user_not_found', detail: 'No such user.' }));
    await settle();
    expect(openOrdersScreen(missing.actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'failed' });
  });

  it('home’s card: nothing while loading or after a failure; the count and next due once read', async () => {
    const { actor, reads } = start();
    expect(waitingOrdersCard(actor.getSnapshot(), UTC)).toBeNull();
    reads[0]!.open(two);
    await settle();
    expect(waitingOrdersCard(actor.getSnapshot(), UTC)).toEqual({ count: 2, nextDue: 'Sun, Jan 5, 12:00 PM' });
    const failed = start();
    failed.reads[0]!.fail(new Error('offline'));
    await settle();
    expect(waitingOrdersCard(failed.actor.getSnapshot(), UTC)).toBeNull();
  });

  it('a live change of the creator’s payments reads the list again, the last answer on screen meanwhile (issue 27)', async () => {
    const { actor, reads } = start();
    reads[0]!.open({ count: 0, results: [] });
    await settle();
    // An order arrives: its first line is a RELOAD; the second, heard while reading, is not queued.
    const arrived = { type: 'LIVE_PAYMENT', paymentId: portrait.payment_id, status: 'created' } as const;
    expect(changesOpenOrders(arrived)).toBe(true);
    actor.send({ type: 'RELOAD' });
    actor.send({ type: 'RELOAD' });
    expect(reads).toHaveLength(2);
    expect(openOrdersScreen(actor.getSnapshot(), NOW, UTC)).toEqual({ kind: 'empty' });
    reads[1]!.open({ count: 1, results: [portrait] });
    await settle();
    const screen = openOrdersScreen(actor.getSnapshot(), NOW, UTC);
    expect(screen.kind === 'rows' ? screen.rows.map((r) => r.brief) : screen).toEqual(['My dog Biscuit, a corgi']);
    // A failed reread keeps the rows; the next change reads again.
    actor.send({ type: 'RELOAD' });
    reads[2]!.fail(new Error('offline'));
    await settle();
    expect(openOrdersScreen(actor.getSnapshot(), NOW, UTC).kind).toBe('rows');
    actor.send({ type: 'RELOAD' });
    expect(reads).toHaveLength(4);
  });

  it('which live events may change the orders: a payment’s change or message, a reconnection; never a transfer', () => {
    expect(changesOpenOrders({ type: 'LIVE_PAYMENT', paymentId: portrait.payment_id, status: 'complete' })).toBe(true);
    expect(changesOpenOrders({ type: 'LIVE_PAYMENT', paymentId: portrait.payment_id, status: 'message' })).toBe(true);
    expect(changesOpenOrders({ type: 'LIVE_RESET' })).toBe(true);
    expect(changesOpenOrders({ type: 'LIVE_TRANSFER', kind: 'deposit', transferId: '00000000-0000-4000-8000-00000000d0d0', status: 'complete' })).toBe(false);
  });
});
