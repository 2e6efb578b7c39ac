import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requestFormView, requestScreen } from '../../../machines/payments/request-form.view';
import { requestPaymentMachine } from '../../../machines/request-payment.machine';
import { gate, settle } from '../../support/gate';

const maya = { userId: 'u-1', username: 'maya', fullName: 'Maya D', photo: null };

describe('request screen view', () => {
  it('summarises whom and how much: nobody and $0.00 before anything is typed', () => {
    expect(requestFormView({ recipient: null, amount: '', requested: null }, false).summary).toEqual({ to: null, amountCents: 0 });
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).summary).toEqual({ to: 'maya', amountCents: 20_00 });
    expect(requestFormView({ recipient: maya, amount: '12.5', requested: null }, false).summary.amountCents).toBe(12_50);
    // Not an amount (yet): the summary and the button say $0.00, the machine's guards refuse the request.
    expect(requestFormView({ recipient: maya, amount: 'abc', requested: null }, false).summary.amountCents).toBe(0);
  });

  it('the button says what will happen, "Request $20.00", and "Requesting…", disabled, while it is sent', () => {
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).button).toEqual({ key: 'actions.request', amountCents: 20_00, disabled: false });
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, true).button).toEqual({
      key: 'actions.requesting',
      amountCents: 20_00,
      disabled: true,
    });
  });

  it('once requested, the receipt: whom, how much and the request to open; nothing before', () => {
    expect(requestFormView({ recipient: maya, amount: '20', requested: null }, false).done).toBeNull();
    expect(requestFormView({ recipient: maya, amount: '20', requested: { paymentId: 'p-1', amount: '20.00' } }, false).done).toEqual({
      key: 'requested.body',
      username: 'maya',
      amountCents: 20_00,
      paymentId: 'p-1',
    });
  });
});

describe('the request screen as the request machine shows it (issue 24 item 6)', () => {
  it('"Request $20.00" while editing, "Requesting…" and disabled while sent, then the receipt', async () => {
    const sent = gate<{ paymentId: string; amount: string }>();
    const actor = createActor(
      requestPaymentMachine.provide({ actors: { requestPayment: fromPromise(() => sent.promise) }, actions: { focusFirstError: () => {} } }),
    ).start();
    const screen = () => requestScreen(actor.getSnapshot());
    // Nothing typed: the button is taken (it says what is missing).
    expect(screen().button).toEqual({ key: 'actions.request', amountCents: 0, disabled: false });
    actor.send({ type: 'SET_RECIPIENT', person: maya });
    actor.send({ type: 'CHANGE_AMOUNT', value: '20' });
    actor.send({ type: 'CHANGE_MESSAGE', value: 'Pizza' });
    actor.send({ type: 'SUBMIT' });
    expect(screen()).toEqual({
      summary: { to: 'maya', amountCents: 20_00 },
      button: { key: 'actions.requesting', amountCents: 20_00, disabled: true },
      done: null,
    });
    sent.open({ paymentId: 'p-1', amount: '20.00' });
    await settle();
    expect(screen().done).toEqual({ key: 'requested.body', username: 'maya', amountCents: 20_00, paymentId: 'p-1' });
  });

  it('a request the server refused: editing again, the button back', async () => {
    const sent = gate<{ paymentId: string; amount: string }>();
    const actor = createActor(
      requestPaymentMachine.provide({ actors: { requestPayment: fromPromise(() => sent.promise) }, actions: { focusFirstError: () => {} } }),
    ).start();
    actor.send({ type: 'SET_RECIPIENT', person: maya });
    actor.send({ type: 'CHANGE_AMOUNT', value: '20' });
    actor.send({ type: 'CHANGE_MESSAGE', value: 'Pizza' });
    actor.send({ type: 'SUBMIT' });
    sent.fail(new Error('refused'));
    await settle();
    expect(requestScreen(actor.getSnapshot())).toMatchObject({ button: { key: 'actions.request', disabled: false }, done: null });
  });
});
