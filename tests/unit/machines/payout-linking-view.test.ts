import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { payoutLinkingMachine, type LinkedPayoutAccount } from '../../../machines/payout-linking.machine';
import { payoutLinkingView } from '../../../machines/payout-linking.view';
import { linkedAccount, payoutInfo } from '../../../machines/payout-linking.catalogue';
import { gate, settle } from '../../support/gate';

async function atConfirm(link: () => Promise<LinkedPayoutAccount>) {
  const actor = createActor(
    payoutLinkingMachine.provide({
      actors: { loadProvider: fromPromise(async () => payoutInfo), linkAccount: fromPromise(link) },
      actions: { focusFirstError: () => {} },
    }),
  ).start();
  await settle();
  actor.send({ type: 'CHANGE', field: 'email', value: 'ana@example.com' });
  actor.send({ type: 'CHANGE', field: 'password', value: 'secret-1' });
  actor.send({ type: 'CHANGE', field: 'bankAccountNumber', value: '12345678' });
  actor.send({ type: 'NEXT' });
  return actor;
}

const closed = { open: false, busy: false };

describe('the payout-account screen as its machine shows it (issue 24 item 6)', () => {
  it('loading, then the credentials step with Next', async () => {
    const loaded = gate<typeof payoutInfo>();
    const actor = createActor(
      payoutLinkingMachine.provide({ actors: { loadProvider: fromPromise(() => loaded.promise), linkAccount: fromPromise(() => new Promise(() => {})) } }),
    ).start();
    const connect = { enabled: false, labelKey: 'payout.connect' };
    expect(payoutLinkingView(actor.getSnapshot())).toEqual({ stage: 'loading', step: null, submit: null, back: false, connect, error: null, password: closed });
    loaded.open(payoutInfo);
    await settle();
    expect(payoutLinkingView(actor.getSnapshot())).toEqual({ stage: 'credentials', step: 0, submit: 'NEXT', back: false, connect, error: null, password: closed });
  });

  it('confirm: Back and Connect; the password dialog, then "Connecting…"', async () => {
    const linked = gate<LinkedPayoutAccount>();
    const actor = await atConfirm(() => linked.promise);
    const view = () => payoutLinkingView(actor.getSnapshot());
    expect(view()).toEqual({
      stage: 'confirm',
      step: 1,
      submit: 'CONFIRM',
      back: true,
      connect: { enabled: true, labelKey: 'payout.connect' },
      error: null,
      password: closed,
    });
    actor.send({ type: 'CONFIRM' });
    expect(view()).toMatchObject({ stage: 'confirm', submit: null, back: false, connect: { enabled: false, labelKey: 'payout.connect' }, password: { open: true, busy: false } });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' });
    expect(view()).toMatchObject({ stage: 'confirm', connect: { enabled: false, labelKey: 'payout.connecting' }, password: { open: true, busy: true } });
    linked.open(linkedAccount);
    await settle();
    expect(view()).toEqual({
      stage: 'success',
      step: 3,
      submit: null,
      back: false,
      connect: { enabled: false, labelKey: 'payout.connect' },
      error: null,
      password: closed,
    });
  });

  it('an account the provider has not activated: no Retry (the provider link instead); any other failure: Retry', async () => {
    const notActivated = await atConfirm(() => Promise.reject(apiFailure(422, { code: 'payout_account_not_activated', detail: 'Not activated' })));
    notActivated.send({ type: 'CONFIRM' });
    notActivated.send({ type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' });
    await settle();
    expect(payoutLinkingView(notActivated.getSnapshot())).toMatchObject({ stage: 'error', step: 2, error: { notActivated: true, retry: false } });

    const offline = await atConfirm(() => Promise.reject(new Error('Failed to fetch')));
    offline.send({ type: 'CONFIRM' });
    offline.send({ type: 'PASSWORD_SUBMIT', password: 'Current-pass-1' });
    await settle();
    expect(payoutLinkingView(offline.getSnapshot())).toMatchObject({ stage: 'error', step: 2, error: { notActivated: false, retry: true } });
  });
});
