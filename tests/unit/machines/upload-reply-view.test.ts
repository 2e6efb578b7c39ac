import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { uploadReplyScreen, uploadReplyView } from '../../../machines/payments/upload-reply.view';
import type { PaymentMessage, PaymentView } from '../../../machines/activity/payment-types';
import { completeSend, pricePointToMe, sampleMessage } from '../../../machines/activity/samples';
import { apiFailure } from '../../../machines/forms/api-failure';
import { uploadReplyMachine } from '../../../machines/upload-reply.machine';
import { gate, settle } from '../../support/gate';

const HOUR = 60 * 60 * 1000;
const order: PaymentView = {
  ...pricePointToMe,
  amount: '25.00',
  // A blank first message is no brief: the first one with words is.
  messages: [
    { ...sampleMessage, message: '  ', message_sender_user_id: pricePointToMe.sender_user_id },
    { ...sampleMessage, message: 'My dog Biscuit, a corgi', message_sender_user_id: pricePointToMe.sender_user_id },
  ],
};
const deadline = Date.parse(order.hold_expires_at!);
const file = { name: 'biscuit.jpg', size: 4000, type: 'image/jpeg' } as File;

describe("the reply screen's view", () => {
  it("shows the fan's brief, the deadline with the time left in the reader's language, and what sending releases", () => {
    const view = uploadReplyView({ payment: order, file: null, sent: 0 }, deadline - 26 * HOUR, { lang: 'pt', timeZone: 'UTC' });
    expect(view.brief).toBe('My dog Biscuit, a corgi');
    expect(view.deadline).toEqual({ key: 'upload.deadline', deadline: 'dom., 5 de jan., 12:00', left: '1 dia' });
    expect(view.releaseCents).toBe(25_00);
    expect(view.percent).toBe(0);
  });

  it('says the deadline passed once the time is up, before the refund job has run', () => {
    const view = uploadReplyView({ payment: order, file: null, sent: 0 }, deadline + 1, { lang: 'en', timeZone: 'UTC' });
    expect(view.deadline).toEqual({ key: 'upload.deadlinePassed', deadline: 'Sun, Jan 5, 12:00 PM' });
  });

  it('counts the upload in whole per cent of the file, never past 100', () => {
    const at = (sent: number) => uploadReplyView({ payment: order, file, sent }, deadline - HOUR, { lang: 'en' }).percent;
    expect([at(0), at(1000), at(2999), at(4000), at(4100)]).toEqual([0, 25, 75, 100, 100]);
    expect(uploadReplyView({ payment: order, file: { ...file, size: 0 } as File, sent: 0 }, deadline, { lang: 'en' }).percent).toBe(0);
  });

  it('has no deadline line for a payment without a hold', () => {
    expect(uploadReplyView({ payment: { ...order, hold_expires_at: null }, file: null, sent: 0 }, deadline, { lang: 'en' }).deadline).toBeNull();
  });
});

const photo = { name: 'biscuit.jpg', size: 4000, type: 'image/jpeg' };
const never = () => new Promise<never>(() => {});

function start(calls: { load: () => Promise<PaymentView>; upload?: () => Promise<{ mediaId: string }>; claim?: () => Promise<PaymentMessage> }, paymentId: string | null = order.payment_id) {
  return createActor(
    uploadReplyMachine.provide({
      actors: { loadPayment: fromPromise(calls.load), uploadMedia: fromPromise(calls.upload ?? never), claimPayment: fromPromise(calls.claim ?? never) },
    }),
    { input: { userId: 'u-2', paymentId, claimKey: 'k-1' } },
  ).start();
}

describe('the reply screen as its machine shows it (issue 24 item 6)', () => {
  it('the parts that are not the form: loading, not found, a failed read, nothing to reply to', async () => {
    const read = gate<PaymentView>();
    const loading = start({ load: () => read.promise });
    expect(uploadReplyScreen(loading.getSnapshot())).toEqual({ stage: 'loading', reply: null });
    read.fail(new Error('Failed to fetch'));
    await settle();
    expect(uploadReplyScreen(loading.getSnapshot())).toEqual({ stage: 'loadFailed', reply: null });

    expect(uploadReplyScreen(start({ load: never }, null).getSnapshot())).toEqual({ stage: 'notFound', reply: null });
    const answered = start({ load: async () => completeSend });
    await settle();
    expect(uploadReplyScreen(answered.getSnapshot())).toEqual({ stage: 'nothingToReply', reply: null });
  });

  it('Send says "Sending…" and nothing takes a change while the file goes up and while the claim is made', async () => {
    const uploaded = gate<{ mediaId: string }>();
    const claimed = gate<PaymentMessage>();
    const actor = start({ load: async () => order, upload: () => uploaded.promise, claim: () => claimed.promise });
    await settle();
    const screen = () => uploadReplyScreen(actor.getSnapshot());
    expect(screen()).toEqual({
      stage: 'reply',
      reply: {
        payment: order,
        kind: 'photo',
        file: null,
        caption: '',
        sent: 0,
        fileProblem: null,
        message: null,
        editable: true,
        uploading: false,
        claiming: false,
        send: { enabled: true, labelKey: 'upload.send' },
      },
    });

    actor.send({ type: 'SUBMIT' });
    expect(screen().reply).toMatchObject({ fileProblem: { key: 'activity:upload.fileRequired' }, message: null, send: { enabled: true } });

    actor.send({ type: 'CHOOSE_FILE', file: photo });
    actor.send({ type: 'TYPE_CAPTION', text: 'Biscuit!' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'PROGRESS', sent: 1000 });
    expect(screen().reply).toMatchObject({
      file: photo,
      caption: 'Biscuit!',
      sent: 1000,
      fileProblem: null,
      message: null,
      editable: false,
      uploading: true,
      claiming: false,
      send: { enabled: false, labelKey: 'upload.sending' },
    });

    uploaded.open({ mediaId: 'm-1' });
    await settle();
    expect(screen().reply).toMatchObject({ sent: 4000, editable: false, uploading: false, claiming: true, send: { enabled: false, labelKey: 'upload.sending' } });

    claimed.fail(new Error('Failed to fetch'));
    await settle();
    // The server's refusal (not about the file) shows above the button; Send claims again with the file kept.
    expect(screen().reply).toMatchObject({
      file: photo,
      fileProblem: null,
      message: { key: 'errors:generic' },
      editable: true,
      uploading: false,
      claiming: false,
      send: { enabled: true, labelKey: 'upload.send' },
    });
  });

  it('a file the server refuses as too large shows under the file field, and is to be chosen again', async () => {
    const actor = start({ load: async () => order, upload: () => Promise.reject(apiFailure(413, { code: 'file_too_large' })) });
    await settle();
    actor.send({ type: 'CHOOSE_FILE', file: photo });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(uploadReplyScreen(actor.getSnapshot()).reply).toMatchObject({
      file: null,
      fileProblem: { key: 'activity:upload.fileTooLarge' },
      message: null,
      editable: true,
      send: { enabled: true, labelKey: 'upload.send' },
    });
  });

  it('once claimed: the claimed part', async () => {
    const actor = start({ load: async () => order, upload: async () => ({ mediaId: 'm-1' }), claim: async () => sampleMessage });
    await settle();
    actor.send({ type: 'CHOOSE_FILE', file: photo });
    actor.send({ type: 'SUBMIT' });
    await settle();
    await settle();
    expect(uploadReplyScreen(actor.getSnapshot())).toEqual({ stage: 'claimed', reply: null });
  });
});
