import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionUser } from '../../../domain/session-user';
import { apiFailure } from '../../../machines/forms/api-failure';
import { signUpMachine, type CreatedOutput } from '../../../machines/sign-up.machine';
import { signUpView } from '../../../machines/sign-up.view';
import { gate, settle } from '../../support/gate';

const user: SessionUser = {
  userId: 'u-2',
  email: 'bo@example.com',
  accountStatus: 'active',
  emailStatus: 'unverified',
  username: null,
  country: null,
  fullName: null,
};

function start(createUser: () => Promise<CreatedOutput>) {
  return createActor(signUpMachine.provide({ actors: { createUser: fromPromise(createUser) } }), { input: { purchase: null } }).start();
}

function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'CHANGE', field: 'email', value: 'bo@example.com' });
  actor.send({ type: 'CHANGE', field: 'password', value: 'Str0ng!pass' });
  actor.send({ type: 'CHANGE', field: 'confirmPassword', value: 'Str0ng!pass' });
  actor.send({ type: 'CHANGE', field: 'acceptTerms', value: true });
}

describe('/sign-up as its machine shows it (issue 24 item 6)', () => {
  it('typing: the fields take input and "Create account" can be pressed', () => {
    const actor = start(() => new Promise(() => {}));
    expect(signUpView(actor.getSnapshot())).toEqual({ editable: true, submit: { enabled: true, labelKey: 'signUp.submit' }, message: null });
  });

  it('while the account is created: the working words, nothing to press or type; a refusal shows the server words', async () => {
    const call = gate<CreatedOutput>();
    const actor = start(() => call.promise);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(signUpView(actor.getSnapshot())).toEqual({ editable: false, submit: { enabled: false, labelKey: 'signUp.submitting' }, message: null });
    call.fail(apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' }));
    await settle();
    expect(signUpView(actor.getSnapshot())).toEqual({
      editable: true,
      submit: { enabled: true, labelKey: 'signUp.submit' },
      message: { text: 'Too many attempts. Please try again in 15 minutes.' },
    });
  });

  it('created: the button keeps its working words on the way to /check-email', async () => {
    const actor = start(async () => ({ user }));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(signUpView(actor.getSnapshot())).toEqual({ editable: false, submit: { enabled: false, labelKey: 'signUp.submitting' }, message: null });
  });
});
