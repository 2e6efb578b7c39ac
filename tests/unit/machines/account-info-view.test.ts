import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountInfoMachine, type AccountInfoLoaded } from '../../../machines/account-info.machine';
import { accountInfoView } from '../../../machines/account-info.view';
import { setUpMachine } from '../../../machines/set-up.machine';
import { setUpView } from '../../../machines/set-up.view';
import type { SessionUser } from '../../../domain/session-user';
import { completeUser, offline } from '../../model/support/accounts-fixtures';
import { gate, settle } from '../../support/gate';

const loaded: AccountInfoLoaded = { user: completeUser, phoneNumber: null, pendingEmail: null };

describe('/account-info as its machine shows it: which part (issue 24 item 6)', () => {
  it('the spinner while the account is read; a failed read, then Retry reads again; then the form', async () => {
    const reads = [gate<AccountInfoLoaded>(), gate<AccountInfoLoaded>()];
    let n = 0;
    const actor = createActor(
      accountInfoMachine.provide({ actors: { loadUser: fromPromise(() => reads[n++]!.promise) } }),
      { input: { userId: 'u-1' } },
    ).start();
    const part = () => accountInfoView(actor.getSnapshot()).part;
    expect(part()).toBe('loading');
    reads[0]!.fail(offline);
    await settle();
    expect(part()).toBe('loadFailed');
    actor.send({ type: 'RETRY' });
    expect(part()).toBe('loading');
    reads[1]!.open(loaded);
    await settle();
    expect(part()).toBe('form');
    expect(accountInfoView(actor.getSnapshot()).saving).toBe(false);
  });
});

describe('/set-up as its machine shows it (issue 24 item 6)', () => {
  it('Continue while editing; disabled with its working words from the save until the page is left', async () => {
    const saved = gate<{ user: SessionUser }>();
    const actor = createActor(
      setUpMachine.provide({ actors: { setUp: fromPromise(() => saved.promise) }, actions: { focusFirstError: () => {}, reportUser: () => {}, goHome: () => {} } }),
      { input: { userId: 'u-2' } },
    ).start();
    const view = () => setUpView(actor.getSnapshot());
    expect(view()).toEqual({ submit: { enabled: true, labelKey: 'setUp.submit' } });
    actor.send({ type: 'CHANGE', field: 'fullName', value: 'Ana Silva' });
    actor.send({ type: 'CHANGE', field: 'username', value: 'ana' });
    actor.send({ type: 'CHANGE', field: 'country', value: 'US' });
    actor.send({ type: 'CHANGE', field: 'eSignatureConsent', value: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(view()).toEqual({ submit: { enabled: false, labelKey: 'setUp.submitting' } });
    saved.open({ user: completeUser });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(view()).toEqual({ submit: { enabled: false, labelKey: 'setUp.submitting' } });
  });

  it('a refused save gives Continue back', async () => {
    const actor = createActor(
      setUpMachine.provide({ actors: { setUp: fromPromise(() => Promise.reject(offline)) }, actions: { focusFirstError: () => {} } }),
      { input: { userId: 'u-2' } },
    ).start();
    actor.send({ type: 'CHANGE', field: 'fullName', value: 'Ana Silva' });
    actor.send({ type: 'CHANGE', field: 'username', value: 'ana' });
    actor.send({ type: 'CHANGE', field: 'country', value: 'US' });
    actor.send({ type: 'CHANGE', field: 'eSignatureConsent', value: true });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(setUpView(actor.getSnapshot())).toEqual({ submit: { enabled: true, labelKey: 'setUp.submit' } });
  });
});
