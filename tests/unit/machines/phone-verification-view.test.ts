import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { phoneVerificationMachine, type PhoneDetails } from '../../../machines/phone-verification.machine';
import { phoneVerificationView } from '../../../machines/phone-verification.view';
import { gate, settle } from '../../support/gate';

const details: PhoneDetails = { phone: '+14155550100', username: 'ana', full_name: 'Ana Silva', email: 'ana@example.com', confirmed: false };

function start(calls: { sendCode: () => Promise<void>; verifyCode: () => Promise<PhoneDetails>; confirmPhone: () => Promise<PhoneDetails> }) {
  return createActor(
    phoneVerificationMachine.provide({
      actors: { sendCode: fromPromise(calls.sendCode), verifyCode: fromPromise(calls.verifyCode), confirmPhone: fromPromise(calls.confirmPhone) },
      actions: { focusFirstError: () => {}, notifyResent: () => {}, notifyVerified: () => {} },
    }),
    { input: { userId: 'u-1' } },
  ).start();
}

const typeCode = (actor: ReturnType<typeof start>) => actor.send({ type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] });

describe('the phone section as its machine shows it (issue 24 item 6)', () => {
  it('the number step: Send code, then "Sending…" and nothing to press while it goes', () => {
    const sent = gate<void>();
    const actor = start({ sendCode: () => sent.promise, verifyCode: () => new Promise(() => {}), confirmPhone: () => new Promise(() => {}) });
    expect(phoneVerificationView(actor.getSnapshot())).toEqual({
      step: 0,
      submit: 'SEND_CODE',
      number: { send: { enabled: true, labelKey: 'phone.sendCode' } },
      code: null,
      confirm: null,
      verified: false,
    });
    actor.send({ type: 'CHANGE_PHONE', value: '+1 415 555 0100' });
    actor.send({ type: 'SEND_CODE' });
    expect(phoneVerificationView(actor.getSnapshot()).number).toEqual({ send: { enabled: false, labelKey: 'phone.sending' } });
  });

  it('the code step: Verify, Resend and Change number; a resend or a check on its way holds the others', async () => {
    const resent = gate<void>();
    let sends = 0;
    const actor = start({
      sendCode: () => (sends++ === 0 ? Promise.resolve() : resent.promise),
      verifyCode: () => new Promise(() => {}),
      confirmPhone: () => new Promise(() => {}),
    });
    actor.send({ type: 'CHANGE_PHONE', value: '+14155550100' });
    actor.send({ type: 'SEND_CODE' });
    await settle();
    const view = () => phoneVerificationView(actor.getSnapshot());
    expect(view()).toEqual({
      step: 1,
      submit: 'VERIFY',
      number: null,
      code: {
        typing: true,
        verify: { enabled: true, labelKey: 'phone.verify' },
        resend: { enabled: true, labelKey: 'phone.resend' },
        changeNumber: { enabled: true, labelKey: 'phone.changeNumber' },
      },
      confirm: null,
      verified: false,
    });

    actor.send({ type: 'RESEND' });
    expect(view().code).toEqual({
      typing: false,
      verify: { enabled: false, labelKey: 'phone.verify' },
      resend: { enabled: false, labelKey: 'phone.resending' },
      changeNumber: { enabled: true, labelKey: 'phone.changeNumber' },
    });
    resent.open();
    await settle();
    typeCode(actor);
    actor.send({ type: 'VERIFY' });
    expect(view().code).toEqual({
      typing: false,
      verify: { enabled: false, labelKey: 'phone.verifying' },
      resend: { enabled: false, labelKey: 'phone.resend' },
      changeNumber: { enabled: false, labelKey: 'phone.changeNumber' },
    });
  });

  it('the details to confirm: Change number is not offered while the confirmation is saving; then done', async () => {
    const saved = gate<PhoneDetails>();
    const actor = start({ sendCode: async () => {}, verifyCode: async () => details, confirmPhone: () => saved.promise });
    actor.send({ type: 'CHANGE_PHONE', value: '+14155550100' });
    actor.send({ type: 'SEND_CODE' });
    await settle();
    typeCode(actor);
    actor.send({ type: 'VERIFY' });
    await settle();
    const view = () => phoneVerificationView(actor.getSnapshot());
    expect(view()).toMatchObject({ step: 2, submit: 'CONFIRM', number: null, code: null, verified: false });
    expect(view().confirm).toEqual({
      details,
      confirm: { enabled: true, labelKey: 'phone.confirm' },
      changeNumber: { enabled: true, labelKey: 'phone.changeNumber' },
    });
    actor.send({ type: 'CONFIRM' });
    expect(view().confirm).toEqual({
      details,
      confirm: { enabled: false, labelKey: 'phone.confirming' },
      changeNumber: { enabled: false, labelKey: 'phone.changeNumber' },
    });
    saved.open({ ...details, confirmed: true });
    await settle();
    expect(view()).toEqual({ step: 3, submit: null, number: null, code: null, confirm: null, verified: true });
  });
});
