import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { changePasswordMachine } from '../../../machines/change-password.machine';
import { changePasswordView } from '../../../machines/change-password.view';
import { gate, settle } from '../../support/gate';

function start(changePassword: () => Promise<void>) {
  return createActor(changePasswordMachine.provide({ actors: { changePassword: fromPromise(changePassword) } }), { input: { userId: 'u-1' } }).start();
}

function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'CHANGE', field: 'current_password', value: 'Str0ng!pass' });
  actor.send({ type: 'CHANGE', field: 'password_1', value: 'N3w!passw0rd' });
  actor.send({ type: 'CHANGE', field: 'password_2', value: 'N3w!passw0rd' });
}

const idle = { editable: true, submit: { enabled: true, labelKey: 'changePassword.submit' }, message: null };

describe('/change-password as its machine shows it (issue 24 item 6)', () => {
  it('the form; "Saving…" and nothing to press or type while it saves; then the notice instead of the form', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    const view = () => changePasswordView(actor.getSnapshot());
    expect(view()).toEqual({ form: idle, changed: false });
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(view()).toEqual({
      form: { editable: false, submit: { enabled: false, labelKey: 'changePassword.submitting' }, message: null },
      changed: false,
    });
    call.open();
    await settle();
    expect(view()).toEqual({ form: null, changed: true });
  });

  it('a refusal no field explains gives the form back with the server words above it', async () => {
    const actor = start(() => Promise.reject(apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' })));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(changePasswordView(actor.getSnapshot())).toEqual({
      form: { ...idle, message: { text: 'Too many attempts. Please try again in 15 minutes.' } },
      changed: false,
    });
  });
});
