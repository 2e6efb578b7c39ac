import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { closeAccountMachine } from '../../../machines/close-account.machine';
import { closeAccountView } from '../../../machines/close-account.view';
import { gate, settle } from '../../support/gate';

function start(closeAccount: () => Promise<void>) {
  return createActor(closeAccountMachine.provide({ actors: { closeAccount: fromPromise(closeAccount) } }), { input: { userId: 'u-1' } }).start();
}

const closed = { open: false, busy: false, error: null };

describe('the close-account section as its machine shows it (issue 24 item 6)', () => {
  it('Close opens the dialog (the button behind it stays enabled, for focus to come back to it); Cancel closes it', () => {
    const actor = start(() => new Promise(() => {}));
    const view = () => closeAccountView(actor.getSnapshot());
    expect(view()).toEqual({ message: null, close: { enabled: true, labelKey: 'close.button' }, dialog: closed });
    actor.send({ type: 'CLOSE' });
    expect(view()).toEqual({ message: null, close: { enabled: true, labelKey: 'close.button' }, dialog: { open: true, busy: false, error: null } });
    // Confirm with nothing typed: the rule under the field, the dialog stays.
    actor.send({ type: 'PASSWORD_SUBMIT', password: '' });
    expect(view().dialog).toEqual({ open: true, busy: false, error: { key: 'common:passwordDialog.required' } });
    actor.send({ type: 'CANCEL' });
    expect(view()).toEqual({ message: null, close: { enabled: true, labelKey: 'close.button' }, dialog: closed });
  });

  it('while it closes: the dialog stays up and waits, the button says "Closing…"; a wrong password returns to the dialog', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    const view = () => closeAccountView(actor.getSnapshot());
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Wr0ng!pass' });
    expect(view()).toEqual({ message: null, close: { enabled: false, labelKey: 'close.closing' }, dialog: { open: true, busy: true, error: null } });
    call.fail(apiFailure(403, { code: 'wrong_password', detail: 'The password is not correct.' }));
    await settle();
    expect(view()).toEqual({
      message: null,
      close: { enabled: true, labelKey: 'close.button' },
      dialog: { open: true, busy: false, error: { text: 'The password is not correct.' } },
    });
  });

  it("a refusal (money still in the wallet): the dialog closes, the server's reason shows, Close can be pressed again", async () => {
    const actor = start(() => Promise.reject(apiFailure(409, { code: 'account_has_balance', detail: 'Withdraw your balance first.' })));
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Str0ng!pass' });
    await settle();
    expect(closeAccountView(actor.getSnapshot())).toEqual({
      message: { text: 'Withdraw your balance first.' },
      close: { enabled: true, labelKey: 'close.button' },
      dialog: closed,
    });
  });

  it('closed: no dialog, and the button keeps "Closing…" while the session ends', async () => {
    const actor = start(async () => {});
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'PASSWORD_SUBMIT', password: 'Str0ng!pass' });
    await settle();
    expect(closeAccountView(actor.getSnapshot())).toEqual({ message: null, close: { enabled: false, labelKey: 'close.closing' }, dialog: closed });
  });
});
