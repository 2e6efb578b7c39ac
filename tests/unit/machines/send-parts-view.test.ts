import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Funding } from '../../../machines/payments/funding';
import { personFrom } from '../../../machines/payments/person';
import { sendParts } from '../../../machines/payments/send-form.view';
import { sendPaymentMachine, type FoundReceiver, type SentPayment } from '../../../machines/send-payment.machine';
import { gate, settle } from '../../support/gate';

const maya = personFrom({ userId: 'u-maya', username: 'maya', fullName: 'Maya Lopez' });
const funding: Funding = { availableCents: 50_00, cards: [] };
const sentPayment: SentPayment = { paymentId: 'pay-1', status: 'completed', amount: '20.00', fee: '0.00', totalCharge: '20.00', holdExpiresAt: null };

function start(input: { receiverUsername?: string } = {}) {
  const load = gate<Funding>();
  const pay = gate<SentPayment>();
  const find = gate<FoundReceiver>();
  const actor = createActor(
    sendPaymentMachine.provide({
      actors: {
        loadFunding: fromPromise(() => load.promise),
        sendPayment: fromPromise(() => pay.promise),
        findReceiver: fromPromise(() => find.promise),
      },
      actions: { focusFirstError: () => {} },
    }),
    { input: { flowId: 'f-1', today: Date.UTC(2026, 10, 26), ...input } },
  ).start();
  return { actor, load, pay, find, parts: () => sendParts(actor.getSnapshot()) };
}

describe('the pay screen as the send machine shows it (issue 24 item 6)', () => {
  it('Pay says what is missing while the methods load; with nothing missing it waits for them, then pays', async () => {
    const { actor, load, pay, parts } = start();
    // Nothing typed: Pay is taken (it says what is missing), the methods are loading.
    expect(parts()).toEqual({ sent: false, finding: false, methods: 'loading', pay: { enabled: true, labelKey: 'actions.pay' } });
    actor.send({ type: 'SET_RECIPIENT', person: maya });
    actor.send({ type: 'CHANGE_AMOUNT', value: '20' });
    // Ready, but the balance and cards are not known yet: the button waits for them.
    expect(parts().pay).toEqual({ enabled: false, labelKey: 'actions.pay' });
    load.open(funding);
    await settle();
    expect(parts()).toEqual({ sent: false, finding: false, methods: null, pay: { enabled: true, labelKey: 'actions.pay' } });
    actor.send({ type: 'SUBMIT' });
    expect(parts()).toEqual({ sent: false, finding: false, methods: null, pay: { enabled: false, labelKey: 'actions.paying' } });
    pay.open(sentPayment);
    await settle();
    expect(parts()).toEqual({ sent: true, finding: false, methods: null, pay: { enabled: false, labelKey: 'actions.pay' } });
  });

  it('methods that could not be read: the failure with Retry, then loading again', async () => {
    const { actor, load, parts } = start();
    load.fail(new Error('offline'));
    await settle();
    expect(parts().methods).toBe('loadFailed');
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(parts().methods).toBe('loading');
  });

  it('a link that names the receiver: finding them first, then the form', async () => {
    const { find, parts } = start({ receiverUsername: 'maya' });
    expect(parts()).toEqual({ sent: false, finding: true, methods: null, pay: { enabled: false, labelKey: 'actions.pay' } });
    find.open({ receiver: maya, pricePoints: [] });
    await settle();
    expect(parts()).toMatchObject({ finding: false, methods: 'loading' });
  });
});
