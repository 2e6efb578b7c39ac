import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailVerificationMachine, type VerificationStart } from '../../../machines/email-verification.machine';
import { emailVerificationView } from '../../../machines/email-verification.view';
import { apiFailure } from '../../../machines/forms/api-failure';
import type { SessionUser } from '../../../domain/session-user';
import { gate, settle } from '../../support/gate';

const blank = ['', '', '', '', '', ''];
const never = () => new Promise<never>(() => {});

function start(
  begin: { start: VerificationStart; code?: string },
  calls: { verify?: () => Promise<void>; resend?: () => Promise<void> },
) {
  return createActor(
    emailVerificationMachine.provide({
      actors: {
        verifyCode: fromPromise(calls.verify ?? never),
        resendCode: fromPromise(calls.resend ?? never),
        loadUser: fromPromise<SessionUser, void>(never),
      },
    }),
    { input: { email: 'ana@example.com', code: begin.code ?? null, start: begin.start, signedIn: false } },
  ).start();
}

const typeCode = (actor: ReturnType<typeof start>) => actor.send({ type: 'CODE_CHANGED', digits: ['1', '2', '3', '4', '5', '6'] });

describe('email verification as its machine shows it (issue 24 item 6)', () => {
  it('the boxes: Verify says "Verifying…" and nothing is taken while the code is checked; a wrong code clears them', async () => {
    const checked = gate<void>();
    const actor = start({ start: 'code' }, { verify: () => checked.promise });
    const view = () => emailVerificationView(actor.getSnapshot());
    expect(view()).toEqual({
      expiredLink: null,
      code: {
        digits: blank,
        error: undefined,
        message: null,
        resent: false,
        typing: true,
        verify: { enabled: true, labelKey: 'checkEmail.submit' },
        resend: { enabled: true, labelKey: 'checkEmail.resend' },
      },
      checking: false,
    });
    typeCode(actor);
    actor.send({ type: 'SUBMIT' });
    expect(view().code).toEqual({
      digits: ['1', '2', '3', '4', '5', '6'],
      error: undefined,
      message: null,
      resent: false,
      typing: false,
      verify: { enabled: false, labelKey: 'checkEmail.submitting' },
      resend: { enabled: false, labelKey: 'checkEmail.resend' },
    });
    checked.fail(apiFailure(400, { code: 'otp_invalid', detail: 'That code is not right' }));
    await settle();
    expect(view().code).toEqual({
      digits: blank,
      error: { text: 'That code is not right' },
      message: null,
      resent: false,
      typing: true,
      verify: { enabled: true, labelKey: 'checkEmail.submit' },
      resend: { enabled: true, labelKey: 'checkEmail.resend' },
    });
  });

  it('Resend says "Sending…" and holds the boxes and Verify; then "we sent a new code"', async () => {
    const sent = gate<void>();
    const actor = start({ start: 'code' }, { resend: () => sent.promise });
    const view = () => emailVerificationView(actor.getSnapshot());
    actor.send({ type: 'RESEND' });
    expect(view().code).toMatchObject({
      typing: false,
      verify: { enabled: false, labelKey: 'checkEmail.submit' },
      resend: { enabled: false, labelKey: 'checkEmail.resending' },
    });
    sent.open();
    await settle();
    expect(view().code).toMatchObject({
      resent: true,
      typing: true,
      verify: { enabled: true, labelKey: 'checkEmail.submit' },
      resend: { enabled: true, labelKey: 'checkEmail.resend' },
    });
  });

  it("a link's code is checked at once: neither the boxes nor the expired page", () => {
    const actor = start({ start: 'link', code: '123456' }, {});
    expect(emailVerificationView(actor.getSnapshot())).toEqual({ expiredLink: null, code: null, checking: true });
  });

  it('the expired link: a new code, "Sending…" while it goes, its refusal shown', async () => {
    const sent = gate<void>();
    const actor = start({ start: 'expiredLink' }, { resend: () => sent.promise });
    const view = () => emailVerificationView(actor.getSnapshot());
    expect(view()).toEqual({
      expiredLink: { message: null, resend: { enabled: true, labelKey: 'expiredLink.resend' } },
      code: null,
      checking: false,
    });
    actor.send({ type: 'RESEND' });
    expect(view().expiredLink).toEqual({ message: null, resend: { enabled: false, labelKey: 'expiredLink.resending' } });
    sent.fail(apiFailure(429, { code: 'too_many_requests', detail: 'Too many tries' }));
    await settle();
    expect(view().expiredLink).toEqual({ message: { text: 'Too many tries' }, resend: { enabled: true, labelKey: 'expiredLink.resend' } });
  });
});
