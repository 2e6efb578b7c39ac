import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { resetPasswordMachine, type ResetPasswordInput } from '../../../machines/reset-password.machine';
import { resetPasswordView } from '../../../machines/reset-password.view';
import { gate, settle } from '../../support/gate';

const link: ResetPasswordInput = { email: 'ana@example.com', saltcode: 'c0ffee' };

function start(resetPassword: () => Promise<void>, input: ResetPasswordInput = link) {
  return createActor(resetPasswordMachine.provide({ actors: { resetPassword: fromPromise(resetPassword) } }), { input }).start();
}

function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'CHANGE', field: 'password_1', value: 'N3w!passw0rd' });
  actor.send({ type: 'CHANGE', field: 'password_2', value: 'N3w!passw0rd' });
}

describe('/reset-password as its machine shows it (issue 24 item 6)', () => {
  it('a complete link: the form; "Saving…" while it saves, and still once changed, on the way to /sign-in', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    const view = () => resetPasswordView(actor.getSnapshot());
    expect(view()).toEqual({ form: { editable: true, submit: { enabled: true, labelKey: 'resetPassword.submit' }, message: null }, unusableLink: null });
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    const working = { form: { editable: false, submit: { enabled: false, labelKey: 'resetPassword.submitting' }, message: null }, unusableLink: null };
    expect(view()).toEqual(working);
    call.open();
    await settle();
    expect(view()).toEqual(working);
  });

  it('a link without its code: no form, the reason', () => {
    const actor = start(() => new Promise(() => {}), { email: 'ana@example.com', saltcode: null });
    expect(resetPasswordView(actor.getSnapshot())).toEqual({ form: null, unusableLink: { message: { key: 'accounts:errors.reset_link_invalid' } } });
  });

  it('a link the server calls expired: no form, the server words', async () => {
    const actor = start(() => Promise.reject(apiFailure(400, { code: 'reset_link_expired', detail: 'This link has expired.' })));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(resetPasswordView(actor.getSnapshot())).toEqual({ form: null, unusableLink: { message: { text: 'This link has expired.' } } });
  });
});
