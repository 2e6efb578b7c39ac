import { describe, expect, it } from 'vitest';
import { uploadReplyView } from '../../../machines/payments/upload-reply.view';
import type { PaymentView } from '../../../machines/activity/payment-types';
import { pricePointToMe, sampleMessage } from '../../../machines/activity/samples';

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
