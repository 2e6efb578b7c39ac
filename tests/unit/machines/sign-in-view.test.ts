import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { activeUser } from '../../../machines/catalogue-samples';
import { apiFailure } from '../../../machines/forms/api-failure';
import { signInMachine, type SignedInOutput } from '../../../machines/sign-in.machine';
import { signInView } from '../../../machines/sign-in.view';
import { gate, settle } from '../../support/gate';

const user = activeUser;

function start(signIn: () => Promise<SignedInOutput>) {
  return createActor(signInMachine.provide({ actors: { signIn: fromPromise(signIn) } }), { input: {} }).start();
}

function fill(actor: ReturnType<typeof start>) {
  actor.send({ type: 'CHANGE', field: 'email', value: 'ana@example.com' });
  actor.send({ type: 'CHANGE', field: 'password', value: 'Str0ng!pass' });
}

describe('/sign-in as its machine shows it (issue 24 item 6)', () => {
  it('typing: the fields take input and "Sign in" can be pressed, even before the rules pass', () => {
    const actor = start(() => new Promise(() => {}));
    expect(signInView(actor.getSnapshot())).toEqual({ editable: true, submit: { enabled: true, labelKey: 'signIn.submit' }, message: null });
    // A send that breaks the rules stays on the form: the messages are under the fields, the button still works.
    actor.send({ type: 'SUBMIT' });
    expect(signInView(actor.getSnapshot())).toEqual({ editable: true, submit: { enabled: true, labelKey: 'signIn.submit' }, message: null });
  });

  it('while the sign-in runs: "Signing in…", nothing to press or type; a refusal gives the form back with its words', async () => {
    const call = gate<SignedInOutput>();
    const actor = start(() => call.promise);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(signInView(actor.getSnapshot())).toEqual({ editable: false, submit: { enabled: false, labelKey: 'signIn.submitting' }, message: null });
    call.fail(apiFailure(401, { code: 'invalid_credentials', detail: 'Email or password is incorrect' }));
    await settle();
    expect(signInView(actor.getSnapshot())).toEqual({
      editable: true,
      submit: { enabled: true, labelKey: 'signIn.submit' },
      message: { text: 'Email or password is incorrect' },
    });
  });

  it('signed in: the button keeps its working words until the session leaves the page', async () => {
    const call = gate<SignedInOutput>();
    const actor = start(() => call.promise);
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    call.open({ user });
    await settle();
    expect(signInView(actor.getSnapshot())).toEqual({ editable: false, submit: { enabled: false, labelKey: 'signIn.submitting' }, message: null });
  });
});
