import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { apiFailure } from '../../../machines/forms/api-failure';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import { forgotPasswordView } from '../../../machines/forgot-password.view';
import { gate, settle } from '../../support/gate';

function start(sendResetLink: () => Promise<void>) {
  return createActor(forgotPasswordMachine.provide({ actors: { sendResetLink: fromPromise(sendResetLink) } }), {
    input: { email: 'ana@example.com' },
  }).start();
}

const idleForm = { editable: true, submit: { enabled: true, labelKey: 'forgotPassword.submit' }, message: null };
const sendingForm = { editable: false, submit: { enabled: false, labelKey: 'forgotPassword.submitting' }, message: null };
const sentScreen = {
  titleKey: 'forgotPassword.sentTitle',
  form: null,
  sent: {
    sendAgain: { enabled: true, labelKey: 'forgotPassword.sendAgain' },
    useAnotherEmail: { enabled: true, labelKey: 'forgotPassword.useAnotherEmail' },
  },
};

describe('/forgot-password as its machine shows it (issue 24 item 6)', () => {
  it('the email form, "Sending…" while the link is asked for, then "check your email" with its two buttons', async () => {
    const call = gate<void>();
    const actor = start(() => call.promise);
    const view = () => forgotPasswordView(actor.getSnapshot());
    expect(view()).toEqual({ titleKey: 'titles.forgotPassword', form: idleForm, sent: null });
    actor.send({ type: 'SUBMIT' });
    expect(view()).toEqual({ titleKey: 'titles.forgotPassword', form: sendingForm, sent: null });
    call.open();
    await settle();
    expect(view()).toEqual(sentScreen);
  });

  it('Send again shows the form working until it is sent again; Use another email gives the form back', async () => {
    let calls = 0;
    const again = gate<void>();
    const actor = start(() => (calls++ === 0 ? Promise.resolve() : again.promise));
    const view = () => forgotPasswordView(actor.getSnapshot());
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'SEND_AGAIN' });
    expect(view()).toEqual({ titleKey: 'titles.forgotPassword', form: sendingForm, sent: null });
    again.open();
    await settle();
    expect(view()).toEqual(sentScreen);
    actor.send({ type: 'EDIT' });
    expect(view()).toEqual({ titleKey: 'titles.forgotPassword', form: idleForm, sent: null });
  });

  it('a refusal (the rate limit) stays on the form with the server words', async () => {
    const actor = start(() => Promise.reject(apiFailure(429, { code: 'too_many_attempts', detail: 'Too many attempts. Please try again in 15 minutes.' })));
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(forgotPasswordView(actor.getSnapshot())).toEqual({
      titleKey: 'titles.forgotPassword',
      form: { ...idleForm, message: { text: 'Too many attempts. Please try again in 15 minutes.' } },
      sent: null,
    });
  });
});
